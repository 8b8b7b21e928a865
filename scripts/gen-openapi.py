#!/usr/bin/env python3
"""Writes Sources/Server/LociServer/OpenAPIDocument.swift: the OpenAPI 3 document of `loci serve`, in
YAML's JSON-compatible flow style (one path or schema per line), and the device client's copy of
it, Sources/Tidepool/TidepoolClient/openapi.yaml. Edit here, run scripts/gen-openapi-client (which runs this
script, then regenerates the client), commit all three."""
import json
import os
def ref(n): return {"$ref": f"#/components/schemas/{n}"}
def obj(props, required=None, extra=False):
    o = {"type": "object", "properties": props, "required": sorted(required if required is not None else props.keys())}
    if not extra: o["additionalProperties"] = False
    return o
S = {"type": "string"}; I = {"type": "integer"}; N = {"type": "number"}; B = {"type": "boolean"}
NS = {"type": "string", "nullable": True}; NN = {"type": "number", "nullable": True}; NI = {"type": "integer", "nullable": True}
def arr(x): return {"type": "array", "items": x}
def resp(desc, schema=None, ctype="application/json"):
    r = {"description": desc}
    if schema is not None: r["content"] = {ctype: {"schema": schema}}
    return r
ERR = lambda d: resp(d, ref("Error"))
def errs(*codes):
    names = {"400": "malformed request or unknown member", "401": "missing, unknown or expired access token",
             "403": "refused", "404": "not found", "409": "conflict", "413": "body too large",
             "422": "the photo lacks what is needed (names the missing EXIF fields)",
             "429": "rate limited (see Retry-After)"}
    return {c: ERR(names[c]) for c in codes}
bearer = [{"bearer": []}]
def body(schema): return {"required": True, "content": {"application/json": {"schema": schema}}}
def q(name, schema, required=False, desc=None):
    p = {"name": name, "in": "query", "required": required, "schema": schema}
    if desc: p["description"] = desc
    return p
def path(name, schema): return {"name": name, "in": "path", "required": True, "schema": schema}

schemas = {
 "Error": obj({"code": S, "message": S}),
 "Session": obj({"device_id": S, "access_token": S, "token_type": {"type": "string", "enum": ["Bearer"]}, "expires_at": I, "expires_in": {"type": "integer", "description": "access token lifetime, seconds (3600 by default)"}, "refresh_token": S, "refresh_expires_at": I, "refresh_expires_in": {"type": "integer", "description": "refresh token lifetime, seconds (2592000, 30 days, by default)"}}),
 "Registration": obj({"device_id": S, "access_token": S, "token_type": {"type": "string", "enum": ["Bearer"]}, "expires_at": I, "expires_in": {"type": "integer", "description": "access token lifetime, seconds (3600 by default)"}, "refresh_token": S, "refresh_expires_at": I, "refresh_expires_in": {"type": "integer", "description": "refresh token lifetime, seconds (2592000, 30 days, by default)"}, "device_secret": {"type": "string", "description": "shown only here; never expires; keep it in the Keychain and log in with it (POST /v1/auth/login)"}}),
 "Epoch": obj({"epoch": I, "starts_at": I, "ends_at": I, "public_key": S, "key_size_bits": I, "variant": S}),
 "BlindSignature": obj({"epoch": I, "blind_signature": S}),
 "Accepted": obj({"status": {"type": "string", "enum": ["accepted"]}}),
 "HeatTile": obj({"tile_id": S, "level": I, "intensity": N, "noisy_count": I, "similarity": N, "bounds": {"type": "array", "items": N, "minItems": 4, "maxItems": 4}}),
 "PrivacyLevel": obj({"level": I, "tau": I, "count_epsilon": N, "count_delta": N, "vector_epsilon": {"type": "number", "description": "epsilon of the facet histogram alone per epoch (0: count-only)"}, "vector_delta": N, "enabled": B, "count_rho": N, "count_sigma": N, "single_contributor_release": {"type": "number", "description": "exact probability a tile with one contributor is released (at most count_delta)"}, "facet_rho": N, "facet_sigma": N}),
 "PrivacyAccounting": obj({"epoch_rho": N, "epoch_selection_delta": N, "epochs_per_day": I, "daily_epoch_cap": {"type": "integer", "description": "tokens per device per UTC day (POST /v1/tidepool/tokens answers 409 day_spent past it)"}, "day_rho": N, "conversion_delta": N, "conversion": S, "target_day_epsilon": N, "target_day_delta": N, "within_target": B, "facet_count": I, "facet_codebook_version": S}),
 "Privacy": obj({"k_min": I, "epoch_seconds": I, "ttl_seconds": I, "levels": arr(ref("PrivacyLevel")), "epoch_epsilon": N, "epoch_delta": N, "day_epsilon": {"type": "number", "description": "epsilon per person per day (approximate zCDP over at most daily_epoch_cap epochs)"}, "day_delta": N, "accounting": S, "unit": S, "current_epoch": I, "live_releases": arr(I), "accounting_steps": ref("PrivacyAccounting")}, required=["k_min", "epoch_seconds", "ttl_seconds", "levels", "epoch_epsilon", "epoch_delta", "day_epsilon", "day_delta", "accounting", "unit", "current_epoch", "live_releases"]),
 "Heat": obj({"tiles": arr(ref("HeatTile")), "meta": ref("Privacy")}),
 "SearchResult": obj({"id": S, "name": NS, "category": S, "lat": N, "lon": N, "distance_m": NN, "score": N, "match": S, "heat": N, "interest": N, "reason": {"type": "string", "description": "why a personalised result ranks where it does: 'matches your interest in <the vocabulary phrase of the profile tag contributing most>' or 'busy with people like you'; absent when nothing personal explains it or the order is not personalised"}}, ["id", "name", "category", "lat", "lon", "distance_m", "score", "match", "heat", "interest"]),
 "SearchResults": obj({"results": arr(ref("SearchResult")), "personalised": B, "fallback_reason": NS, "model_version": S}),
 "Place": obj({"id": S, "name": NS, "category": S, "lat": N, "lon": N, "category_name": S, "symbol": S, "color": S, "open_now": {"type": "boolean", "nullable": True}, "address": NS, "alternative_names": arr(S), "phone": NS, "website": NS, "opening_hours": NS, "wikidata": NS, "importance": N, "tags": {"type": "object", "additionalProperties": S}}),
 "Favourite": obj({"id": S, "place_id": S, "rating": {"type": "integer", "minimum": 1, "maximum": 5, "nullable": True}, "note": NS, "created_at": I}),
 "Favourites": obj({"favourites": arr(ref("Favourite"))}),
 "Profile": obj({"tags": arr(S), "dimension": I, "vector": arr(N), "model_version": S, "integrations": {"type": "object", "additionalProperties": S}, "updated_at": I, "signals": {"type": "array", "items": ref("InterestSignal"), "description": "the signals the vector was learned from (declared tags, rated favourites); in the export only"}}, ["tags", "dimension", "vector", "model_version", "integrations", "updated_at"]),
 "InterestSignal": obj({"tag": S, "source": {"type": "string", "description": "declared, favourites, or an integration (spotify, ...)"}, "count": I, "last_seen": {"type": "integer", "description": "Unix seconds; weight halves every 90 days from here (declared tags do not age)"}, "strength": {"type": "number", "minimum": -1, "maximum": 1, "description": "a favourite's (rating - 3) / 2"}}),
 "Export": obj({"device": obj({"device_id": S, "created_at": I}), "profile": {"allOf": [ref("Profile")], "nullable": True}, "favourites": arr(ref("Favourite")), "presence": S}),
 "IdentifyCandidate": obj({"kind": {"type": "string", "enum": ["building", "landmark", "aircraft"]}, "id": S, "name": NS, "confidence": N, "distance": N, "azimuth": N, "elevation": N, "reason": S, "details": {"type": "object", "additionalProperties": S}}),
 "AircraftSource": obj({"source": {"type": "string", "enum": ["request", "feed", "none", "failed"], "description": "feed: from the configured live feed; none: no feed configured; failed: the feed failed or its snapshot is not of the capture's moment (aircraft left out, buildings and landmarks still answered)"}, "feed": {"type": "string", "description": "the configured feed (readsb URL or OpenSky)"}, "count": {"type": "integer", "description": "aircraft searched"}, "note": {"type": "string", "description": "why aircraft were left out"}}, required=["source"]),
 "Identification": obj({"capture": obj({"lat": N, "lon": N, "heading": N, "width": I, "height": I, "time": NS}), "tap_azimuth": N, "tap_elevation": N, "aircraft": ref("AircraftSource"), "candidates": arr(ref("IdentifyCandidate"))}),
 "Health": obj({"status": S, "current_epoch": I, "epoch_seconds": I, "storage": S, "places": obj({"count": I, "source": S, "bounds": {"type": "array", "items": N, "nullable": True}}), "attestation": {"type": "string", "description": "what registration accepts: 'App Attest (app ids: ...; environments: ...)', or 'development (any non-empty string is accepted)' when the server runs with --development-attestation"}}),
 "RegistrationChallenge": obj({"challenge": {"type": "string", "description": "single use; attest the key with clientDataHash = SHA-256 of its UTF-8 bytes and send it back unchanged"}, "expires_at": I, "expires_in": {"type": "integer", "description": "seconds it lives (300)"}}),
}
paths = {
 "/": {"get": {"summary": "The status page with the live heat map and a search box", "responses": {"200": resp("HTML page", S, "text/html")}}},
 "/health": {"get": {"summary": "Liveness and what is loaded", "responses": {"200": resp("ok", ref("Health"))}}},
 "/metrics": {"get": {"summary": "Prometheus text metrics", "responses": {"200": resp("metrics", S, "text/plain")}}},
 "/openapi.yaml": {"get": {"summary": "This document", "responses": {"200": resp("OpenAPI 3", S, "application/yaml")}}},
 "/v1/privacy": {"get": {"summary": "Published privacy parameters and composed budget", "responses": {"200": resp("parameters", ref("Privacy"))}}},
 "/v1/auth/challenge": {"post": {"summary": "A single-use challenge for one App Attest registration", "description": "Lives 5 minutes; spent by the registration that presents it. Shares the per-client registration limit (LOCI_REGISTRATIONS_PER_MINUTE).", "responses": {"201": resp("a challenge", ref("RegistrationChallenge")), **errs("429")}}},
 "/v1/auth/anonymous": {"post": {"summary": "Register an anonymous device with a platform attestation", "description": "App Attest (the default): attestation is the attestation object in base64, platform ios, key_id the key id from generateKey (base64), challenge one from POST /v1/auth/challenge. The development verifier (loci serve --development-attestation only) accepts any non-empty attestation and needs no key_id or challenge. 403 attestation_refused names the failed verification step. Rate limited per client (LOCI_REGISTRATIONS_PER_MINUTE).", "requestBody": body(obj({"attestation": {"type": "string", "minLength": 1}, "platform": {"type": "string", "enum": ["ios", "android", "web", "unknown"]}, "key_id": {"type": "string", "description": "App Attest key id, base64 (32 bytes)"}, "challenge": {"type": "string", "description": "from POST /v1/auth/challenge"}}, ["attestation"])), "responses": {"201": resp("registered", ref("Registration")), **errs("400", "403", "413", "429")}}},
 "/v1/auth/refresh": {"post": {"summary": "Exchange a refresh token for a new access and refresh token (the presented one is spent)", "description": "Access tokens live expires_in seconds (1 h by default), refresh tokens refresh_expires_in seconds (30 days by default) from their issue. A refresh token works once: presenting it again revokes every token of its session (401 refresh_token_reused), after which the device logs in again with its secret.", "requestBody": body(obj({"refresh_token": {"type": "string", "minLength": 1}})), "responses": {"200": resp("the next access and refresh token", ref("Session")), **errs("400", "401", "413", "429")}}},
 "/v1/auth/login": {"post": {"summary": "Log a registered device in again from the secret it got at registration: a new session, the same profile and favourites", "description": "401 invalid_credentials for an unknown device or a wrong secret. Rate limited per device id as well as per client. The secret stops working only when the device is deleted (DELETE /v1/me).", "requestBody": body(obj({"device_id": {"type": "string", "minLength": 1}, "device_secret": {"type": "string", "minLength": 1}})), "responses": {"200": resp("a new session", ref("Session")), **errs("400", "401", "413", "429")}}},
 "/v1/me/export": {"get": {"summary": "Everything stored about the caller", "security": bearer, "responses": {"200": resp("export", ref("Export")), **errs("401", "429")}}},
 "/v1/me": {"delete": {"summary": "Delete the caller's device, secret, sessions and tokens, profile and favourites", "security": bearer, "responses": {"204": resp("deleted"), **errs("401", "404", "429")}}},
 "/v1/profile": {
   "get": {"summary": "The caller's interest profile", "security": bearer, "responses": {"200": resp("profile", ref("Profile")), **errs("401", "404", "429")}},
   "put": {"summary": "Set interests from tags or a vector, and integrations", "security": bearer, "requestBody": body(obj({"tags": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 64}, "maxItems": 64}, "vector": {"type": "array", "items": N, "maxItems": 4096}, "integrations": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 200}, "maxProperties": 16}}, [])), "responses": {"200": resp("saved", ref("Profile")), **errs("400", "401", "413", "429")}}},
 "/v1/tidepool/epoch": {"get": {"summary": "The current epoch and its blind-signing public key (DER, base64)", "responses": {"200": resp("epoch", ref("Epoch"))}}},
 "/v1/tidepool/tokens": {"post": {"summary": "Blind-sign one presence token per device per epoch", "description": "409 already_issued when the device took this epoch's token (from any node); 409 day_spent when it took its daily_epoch_cap tokens of the UTC day.", "security": bearer, "requestBody": body(obj({"epoch": I, "blinded_message": S})), "responses": {"200": resp("signed", ref("BlindSignature")), **errs("400", "401", "409", "413", "429")}}},
 "/v1/tidepool/presence": {"post": {"summary": "Anonymous presence report (no access token; closed schema)", "requestBody": body(obj({"tile_id": {"type": "string", "minLength": 13, "maxLength": 13}, "epoch": I, "nonce": S, "signature": S, "facet": {"type": "integer", "minimum": 0, "description": "index of the interest facet nearest to the user's vector, below the codebook's size (accounting_steps.facet_count); refused on a count-only server"}}, required=["tile_id", "epoch", "nonce", "signature"])), "responses": {"202": resp("counted", ref("Accepted")), **errs("400", "403", "409", "413", "429")}}},
 "/v1/tiles/heat": {"post": {"summary": "Heat of released tiles in a viewport for a viewer vector", "requestBody": body(obj({"south": {"type": "number", "minimum": -90, "maximum": 90}, "west": {"type": "number", "minimum": -180, "maximum": 180}, "north": {"type": "number", "minimum": -90, "maximum": 90}, "east": {"type": "number", "minimum": -180, "maximum": 180}, "vector": {"type": "array", "items": N, "maxItems": 4096}}, ["south", "west", "north", "east"])), "responses": {"200": resp("heat", ref("Heat")), **errs("400", "401", "413", "429")}}},
 "/v1/tiles/{z}/{x}/{y}.png": {"get": {"summary": "Count-only heat as a transparent 256 px XYZ tile", "parameters": [path("z", {"type": "integer", "minimum": 10, "maximum": 18}), path("x", {"type": "integer", "minimum": 0}), path("y", {"type": "integer", "minimum": 0})], "responses": {"200": resp("PNG", {"type": "string", "format": "binary"}, "image/png"), **errs("400", "429")}}},
 "/v1/tiles/base/{z}/{x}/{y}.png": {"get": {"summary": "The imported area (streets and building footprints from the place store, offline) as a transparent 256 px XYZ tile", "parameters": [path("z", {"type": "integer", "minimum": 12, "maximum": 19}), path("x", {"type": "integer", "minimum": 0}), path("y", {"type": "integer", "minimum": 0})], "responses": {"200": resp("PNG", {"type": "string", "format": "binary"}, "image/png"), **errs("400"), "404": ERR("the place store has no streets (imported by an older version): re-import it"), **errs("429")}}},
 "/v1/places/search": {"get": {"summary": "Personalised place search (falls back to plain search when data is thin)", "parameters": [q("q", {"type": "string", "minLength": 1, "maxLength": 200}, True), q("lat", {"type": "number", "minimum": -90, "maximum": 90}), q("lon", {"type": "number", "minimum": -180, "maximum": 180}), q("radius", {"type": "number", "minimum": 10, "maximum": 50000}), q("limit", {"type": "integer", "minimum": 1, "maximum": 50})], "responses": {"200": resp("results", ref("SearchResults")), **errs("400", "401", "429")}}},
 "/v1/places/suggestions": {"get": {"summary": "Personalised suggestions nearby", "parameters": [q("lat", {"type": "number", "minimum": -90, "maximum": 90}, True), q("lon", {"type": "number", "minimum": -180, "maximum": 180}, True), q("radius", {"type": "number", "minimum": 10, "maximum": 20000}), q("limit", {"type": "integer", "minimum": 1, "maximum": 50})], "responses": {"200": resp("results", ref("SearchResults")), **errs("400", "401", "429")}}},
 "/v1/places/{id}": {"get": {"summary": "One place in full (id percent-encoded, e.g. osm:node%2F123)", "parameters": [path("id", S)], "responses": {"200": resp("place", ref("Place")), **errs("400", "404", "429")}}},
 "/v1/identify": {"post": {"summary": "What is at a tap of a photo: buildings and landmarks of the place store and the landmark list, aircraft from the configured live feed, ranked (the photo is read in memory, never stored)", "requestBody": {"required": True, "content": {
     "application/json": {"schema": obj({"lat": {"type": "number", "minimum": -90, "maximum": 90}, "lon": {"type": "number", "minimum": -180, "maximum": 180}, "altitude": {"type": "number", "description": "metres above sea level"}, "heading": {"type": "number", "description": "camera direction, degrees clockwise from true north"}, "accuracy": {"type": "number", "minimum": 0, "description": "heading accuracy, degrees (default 15)"}, "pitch": N, "roll": N, "fov": {"type": "number", "exclusiveMinimum": True, "minimum": 0, "exclusiveMaximum": True, "maximum": 180, "description": "horizontal field of view, degrees"}, "focal_length_35mm": {"type": "number", "exclusiveMinimum": True, "minimum": 0}, "width": {"type": "integer", "minimum": 1, "maximum": 100000}, "height": {"type": "integer", "minimum": 1, "maximum": 100000}, "time": {"type": "string", "format": "date-time"}, "tap_x": {"type": "number", "minimum": 0}, "tap_y": {"type": "number", "minimum": 0}}, ["lat", "lon", "heading", "width", "height", "tap_x", "tap_y"])},
     "multipart/form-data": {"schema": obj({"photo": {"type": "string", "format": "binary"}, "tap": {"type": "string", "description": "x,y in pixels"}, "heading": S, "accuracy": S, "pitch": S, "roll": S, "time": S}, ["photo", "tap"])}}},
   "responses": {"200": resp("ranked candidates", ref("Identification")), **errs("400", "413", "422", "429")}}},
 "/v1/favourites": {
   "get": {"summary": "The caller's favourites", "security": bearer, "responses": {"200": resp("favourites", ref("Favourites")), **errs("401", "429")}},
   "post": {"summary": "Save a place (durable when answered)", "security": bearer, "requestBody": body(obj({"place_id": S, "rating": {"type": "integer", "minimum": 1, "maximum": 5}, "note": {"type": "string", "maxLength": 500}}, ["place_id"])), "responses": {"201": resp("saved", ref("Favourite")), **errs("400", "401", "404", "409", "413", "429")}}},
 "/v1/favourites/{id}": {"delete": {"summary": "Delete a favourite", "security": bearer, "parameters": [path("id", S)], "responses": {"204": resp("deleted"), **errs("401", "404", "429")}}},
 "/v1/favourites/{id}/rating": {"put": {"summary": "Rate a favourite (1-5, or null to clear)", "security": bearer, "parameters": [path("id", S)], "requestBody": body(obj({"rating": {"type": "integer", "minimum": 1, "maximum": 5, "nullable": True}})), "responses": {"200": resp("rated", ref("Favourite")), **errs("400", "401", "404", "413", "429")}}},
}
doc = {"openapi": "3.0.3", "info": {"title": "Loci server (Tidepool and places)", "version": "1.0.0", "description": "The document is written in YAML's JSON-compatible flow style."},
       "paths": paths, "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}}
def compact(value): return json.dumps(value, separators=(", ", ": "))
lines = ['{', ' "openapi": "3.0.3",', ' "info": ' + compact(doc["info"]) + ',', ' "paths": {']
for index, (name, item) in enumerate(paths.items()):
    lines.append('  ' + json.dumps(name) + ': ' + compact(item) + (',' if index < len(paths) - 1 else ''))
lines += [' },', ' "components": {', '  "securitySchemes": ' + compact(doc["components"]["securitySchemes"]) + ',', '  "schemas": {']
for index, (name, schema) in enumerate(schemas.items()):
    lines.append('   ' + json.dumps(name) + ': ' + compact(schema) + (',' if index < len(schemas) - 1 else ''))
lines += ['  }', ' }', '}']
text = '\n'.join(lines)
json.loads(text)
swift = '/// The OpenAPI 3 document served at `/openapi.yaml` (YAML in its JSON-compatible flow style,\n/// written by scripts/gen-openapi.py; `OpenAPITests` keeps it true).\nenum OpenAPIDocument {\n    /// The document.\n    static let text = #"""\n' + '\n'.join('        ' + line for line in text.split('\n')) + '\n        """#\n}\n'
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
open(os.path.join(root, 'Sources', 'LociServer', 'OpenAPIDocument.swift'), 'w').write(swift)
# The device client's copy, byte for byte what /openapi.yaml serves (TidepoolClientTests compares
# them); scripts/gen-openapi-client generates the client's types and calls from it.
open(os.path.join(root, 'Sources', 'TidepoolClient', 'openapi.yaml'), 'w').write(text)
