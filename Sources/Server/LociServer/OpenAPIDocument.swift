// Written by scripts/gen-openapi from openapi.yaml; do not edit.

/// The OpenAPI 3 document served at `/openapi.yaml`: openapi.yaml at the package root, byte for
/// byte (`OpenAPIDocumentTests` compares them).
enum OpenAPIDocument {
    /// The document.
    static let text = ##"""
        # The HTTP contract of `loci serve`, the one place it is written. Edit here, run
        # scripts/gen-openapi and commit what it changes: the Swift string /openapi.yaml serves, the shared
        # types (LociAPI), the device client (TidepoolClient) and the server's handlers (LociServer).
        openapi: 3.0.3
        info:
          title: Loci server (Tidepool and places)
          version: 1.0.0
          description: The HTTP contract of `loci serve`.
        paths:
          /:
            get:
              summary: The status page with the live heat map and a search box
              responses:
                '200':
                  description: HTML page
                  content:
                    text/html:
                      schema: {type: string}
          /health:
            get:
              summary: Liveness and what is loaded
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Health'}
          /openapi.yaml:
            get:
              summary: This document
              responses:
                '200':
                  description: OpenAPI 3
                  content:
                    application/yaml:
                      schema: {type: string}
          /v1/privacy:
            get:
              summary: Published privacy parameters and composed budget
              responses:
                '200':
                  description: parameters
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Privacy'}
          /v1/auth/challenge:
            post:
              summary: A single-use challenge for one App Attest registration
              description: Lives 5 minutes; spent by the registration that presents it. Shares the per-client
                registration limit (LOCI_REGISTRATIONS_PER_MINUTE).
              responses:
                '201':
                  description: a challenge
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/RegistrationChallenge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/auth/anonymous:
            post:
              summary: Register an anonymous device with a platform attestation
              description: 'App Attest (the default): attestation is the attestation object in base64, platform
                ios, key_id the key id from generateKey (base64), challenge one from POST /v1/auth/challenge.
                The development verifier (loci serve --development-attestation only) accepts any non-empty attestation
                and needs no key_id or challenge. 403 attestation_refused names the failed verification step.
                Rate limited per client (LOCI_REGISTRATIONS_PER_MINUTE).'
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        attestation: {type: string, minLength: 1}
                        platform: {type: string, enum: [ios, android, web, unknown]}
                        key_id:
                          type: string
                          description: App Attest key id, base64 (32 bytes)
                        challenge:
                          type: string
                          description: from POST /v1/auth/challenge
                      required: [attestation]
                      additionalProperties: false
              responses:
                '201':
                  description: registered
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Registration'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '403': {$ref: '#/components/responses/Forbidden'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/auth/refresh:
            post:
              summary: Exchange a refresh token for a new access and refresh token (the presented one is spent)
              description: 'Access tokens live expires_in seconds (1 h by default), refresh tokens refresh_expires_in
                seconds (30 days by default) from their issue. A refresh token works once: presenting it again
                revokes every token of its session (401 refresh_token_reused), after which the device logs in
                again with its secret.'
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        refresh_token: {type: string, minLength: 1}
                      required: [refresh_token]
                      additionalProperties: false
              responses:
                '200':
                  description: the next access and refresh token
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Session'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/auth/login:
            post:
              summary: 'Log a registered device in again from the secret it got at registration: a new session,
                the same profile and favourites'
              description: 401 invalid_credentials for an unknown device or a wrong secret. Rate limited per device
                id as well as per client. The secret stops working only when the device is deleted (DELETE /v1/me).
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        device_id: {type: string, minLength: 1}
                        device_secret: {type: string, minLength: 1}
                      required: [device_id, device_secret]
                      additionalProperties: false
              responses:
                '200':
                  description: a new session
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Session'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/me/export:
            get:
              summary: Everything stored about the caller
              security: [{bearer: []}]
              responses:
                '200':
                  description: export
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Export'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/me:
            delete:
              summary: Delete the caller's device, secret, sessions and tokens, profile and favourites
              security: [{bearer: []}]
              responses:
                '204':
                  description: deleted
                '401': {$ref: '#/components/responses/Unauthorized'}
                '404': {$ref: '#/components/responses/NotFound'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/profile:
            get:
              summary: The caller's interest profile
              security: [{bearer: []}]
              responses:
                '200':
                  description: profile
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Profile'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '404': {$ref: '#/components/responses/NotFound'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
            put:
              summary: Set interests from tags or a vector, and integrations
              security: [{bearer: []}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        tags:
                          type: array
                          items: {type: string, minLength: 1, maxLength: 64}
                          maxItems: 64
                        vector:
                          description: the interest vector, kept as sent; as long as the server's interest
                            model's vectors (a profile's `dimension`; 400 `invalid_field` otherwise) and not
                            all zeros
                          type: array
                          items: {type: number}
                          maxItems: 4096
                        integrations:
                          type: object
                          additionalProperties: {type: string, maxLength: 200}
                          maxProperties: 16
                      required: []
                      additionalProperties: false
              responses:
                '200':
                  description: saved
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Profile'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/tidepool/epoch:
            get:
              summary: The current epoch and its blind-signing public key (DER, base64)
              responses:
                '200':
                  description: epoch
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Epoch'}
          /v1/tidepool/keys:
            get:
              summary: The cluster's blind-signing public keys of the current and coming epochs, with their digest
              description: One key per epoch for every device and node, made ahead for the coming day's epochs. No
                access token, so the answer cannot depend on who asks; devices refuse a key that is not in this list.
                digest is the lowercase hex SHA-256 over, for each key by ascending epoch, the epoch (8 bytes
                big-endian), the DER's length (4 bytes big-endian) and the DER.
              responses:
                '200':
                  description: keys
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/EpochKeys'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/tidepool/tokens:
            post:
              summary: Blind-sign one presence token per device per epoch
              description: For the current epoch. 409 already_issued when the device's budget unit (its App Attest key,
                else the device) took this epoch's token (from any node); 409 day_spent when the unit already holds
                daily_epoch_cap tokens for the epochs of a day's worth of consecutive epochs containing this one.
              security: [{bearer: []}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        epoch: {type: integer}
                        blinded_message: {type: string}
                      required: [blinded_message, epoch]
                      additionalProperties: false
              responses:
                '200':
                  description: signed
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/BlindSignature'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '409': {$ref: '#/components/responses/Conflict'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/tidepool/tokens/batch:
            post:
              summary: Blind-sign a device's tokens for several current or coming epochs in one request
              description: All or none, in one transaction across nodes. Each epoch must have a published key
                (GET /v1/tidepool/keys). 409 already_issued when the device's budget unit took a token for one of
                the epochs; 409 day_spent when the unit would hold more than daily_epoch_cap tokens for the epochs of
                any day's worth of consecutive epochs; 409 wrong_epoch for a past epoch or one without a published key.
              security: [{bearer: []}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        tokens:
                          type: array
                          minItems: 1
                          maxItems: 96
                          items: {$ref: '#/components/schemas/BlindTokenRequest'}
                      required: [tokens]
                      additionalProperties: false
              responses:
                '200':
                  description: signed, in the order asked
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/BlindSignatures'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '409': {$ref: '#/components/responses/Conflict'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/tidepool/presence:
            post:
              summary: Anonymous presence report (no access token; closed schema)
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        tile_id: {type: string, minLength: 13, maxLength: 13}
                        epoch: {type: integer}
                        nonce: {type: string}
                        signature: {type: string}
                        facet:
                          type: integer
                          minimum: 0
                          description: index of the interest facet nearest to the user's vector, below the codebook's
                            size (accounting_steps.facet_count); refused on a count-only server
                      required: [epoch, nonce, signature, tile_id]
                      additionalProperties: false
              responses:
                '202':
                  description: counted
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Accepted'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '403': {$ref: '#/components/responses/Forbidden'}
                '409': {$ref: '#/components/responses/Conflict'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/tiles/heat:
            post:
              summary: Heat of released tiles in a viewport for a viewer vector
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        south: {type: number, minimum: -90, maximum: 90}
                        west: {type: number, minimum: -180, maximum: 180}
                        north: {type: number, minimum: -90, maximum: 90}
                        east: {type: number, minimum: -180, maximum: 180}
                        vector:
                          description: the viewer's interest vector; as long as the server's facet codebook's
                            centroids when it has one (400 `invalid_field` otherwise) and not all zeros
                          type: array
                          items: {type: number}
                          maxItems: 4096
                      required: [east, north, south, west]
                      additionalProperties: false
              responses:
                '200':
                  description: heat
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Heat'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/tiles/{z}/{x}/{y}.png:
            get:
              summary: Count-only heat as a transparent 256 px XYZ tile
              parameters:
              - name: z
                in: path
                required: true
                schema: {type: integer, minimum: 10, maximum: 18}
              - name: x
                in: path
                required: true
                schema: {type: integer, minimum: 0}
              - name: y
                in: path
                required: true
                schema: {type: integer, minimum: 0}
              responses:
                '200':
                  description: PNG
                  content:
                    image/png:
                      schema: {type: string, format: binary}
                '400': {$ref: '#/components/responses/BadRequest'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/tiles/base/{z}/{x}/{y}.png:
            get:
              summary: The imported area (streets and building footprints from the place store, offline) as a
                transparent 256 px XYZ tile
              parameters:
              - name: z
                in: path
                required: true
                schema: {type: integer, minimum: 12, maximum: 19}
              - name: x
                in: path
                required: true
                schema: {type: integer, minimum: 0}
              - name: y
                in: path
                required: true
                schema: {type: integer, minimum: 0}
              responses:
                '200':
                  description: PNG
                  content:
                    image/png:
                      schema: {type: string, format: binary}
                '400': {$ref: '#/components/responses/BadRequest'}
                '404':
                  description: 'the place store has no streets (imported by an older version): re-import it'
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/places/search:
            get:
              summary: Personalised place search (falls back to plain search when data is thin)
              parameters:
              - name: q
                in: query
                required: true
                schema: {type: string, minLength: 1, maxLength: 200}
              - name: lat
                in: query
                required: false
                schema: {type: number, minimum: -90, maximum: 90}
              - name: lon
                in: query
                required: false
                schema: {type: number, minimum: -180, maximum: 180}
              - name: radius
                in: query
                required: false
                schema: {type: number, minimum: 10, maximum: 50000}
              - name: limit
                in: query
                required: false
                schema: {type: integer, minimum: 1, maximum: 50}
              responses:
                '200':
                  description: results
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/SearchResults'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/places/suggestions:
            get:
              summary: Personalised suggestions nearby
              parameters:
              - name: lat
                in: query
                required: true
                schema: {type: number, minimum: -90, maximum: 90}
              - name: lon
                in: query
                required: true
                schema: {type: number, minimum: -180, maximum: 180}
              - name: radius
                in: query
                required: false
                schema: {type: number, minimum: 10, maximum: 20000}
              - name: limit
                in: query
                required: false
                schema: {type: integer, minimum: 1, maximum: 50}
              responses:
                '200':
                  description: results
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/SearchResults'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/places/{id}:
            get:
              summary: One place in full (id percent-encoded, e.g. osm:node%2F123)
              parameters:
              - name: id
                in: path
                required: true
                schema: {type: string}
              responses:
                '200':
                  description: place
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Place'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '404': {$ref: '#/components/responses/NotFound'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/identify:
            post:
              summary: 'What is at a tap of a photo: buildings and landmarks of the place store and the landmark
                list, aircraft from the configured live feed, ranked (the photo is read in memory, never stored)'
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        lat: {type: number, minimum: -90, maximum: 90}
                        lon: {type: number, minimum: -180, maximum: 180}
                        altitude:
                          type: number
                          description: metres above sea level
                        heading:
                          type: number
                          description: camera direction, degrees clockwise from true north
                        accuracy:
                          type: number
                          minimum: 0
                          description: heading accuracy, degrees (default 15)
                        pitch: {type: number}
                        roll: {type: number}
                        fov:
                          type: number
                          exclusiveMinimum: true
                          minimum: 0
                          exclusiveMaximum: true
                          maximum: 180
                          description: horizontal field of view, degrees
                        focal_length_35mm: {type: number, exclusiveMinimum: true, minimum: 0}
                        width: {type: integer, minimum: 1, maximum: 100000}
                        height: {type: integer, minimum: 1, maximum: 100000}
                        time: {type: string, format: date-time}
                        tap_x: {type: number, minimum: 0}
                        tap_y: {type: number, minimum: 0}
                      required: [heading, height, lat, lon, tap_x, tap_y, width]
                      additionalProperties: false
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        photo: {type: string, format: binary}
                        tap:
                          type: string
                          description: x,y in pixels
                        heading: {type: string}
                        accuracy: {type: string}
                        pitch: {type: string}
                        roll: {type: string}
                        time: {type: string}
                      required: [photo, tap]
                      additionalProperties: false
              responses:
                '200':
                  description: ranked candidates
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Identification'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '422': {$ref: '#/components/responses/UnprocessableContent'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/favourites:
            get:
              summary: The caller's favourites
              security: [{bearer: []}]
              responses:
                '200':
                  description: favourites
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Favourites'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
            post:
              summary: Save a place (durable when answered)
              security: [{bearer: []}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        place_id: {type: string}
                        rating: {type: integer, minimum: 1, maximum: 5}
                        note: {type: string, maxLength: 500}
                      required: [place_id]
                      additionalProperties: false
              responses:
                '201':
                  description: saved
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Favourite'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '404': {$ref: '#/components/responses/NotFound'}
                '409': {$ref: '#/components/responses/Conflict'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/favourites/{id}:
            delete:
              summary: Delete a favourite
              security: [{bearer: []}]
              parameters:
              - name: id
                in: path
                required: true
                schema: {type: string}
              responses:
                '204':
                  description: deleted
                '401': {$ref: '#/components/responses/Unauthorized'}
                '404': {$ref: '#/components/responses/NotFound'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/favourites/{id}/rating:
            put:
              summary: Rate a favourite (1-5, or null to clear)
              security: [{bearer: []}]
              parameters:
              - name: id
                in: path
                required: true
                schema: {type: string}
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        rating: {type: integer, minimum: 1, maximum: 5, nullable: true}
                      required: [rating]
                      additionalProperties: false
              responses:
                '200':
                  description: rated
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Favourite'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '401': {$ref: '#/components/responses/Unauthorized'}
                '404': {$ref: '#/components/responses/NotFound'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/areas:
            get:
              summary: The areas this server offers for offline use (loci serve --areas), nearest first with near
              description: Each area made by `loci area build` with its bounds and, per kind, the file's byte
                size, SHA-256, format version and build time. Download a kind from /v1/areas/{area}/{kind}.
              parameters:
              - name: near
                in: query
                required: false
                description: 'LAT,LON in degrees: order by distance from this point (then by name) and give distance_m'
                schema: {type: string, pattern: '^-?[0-9.]+,-?[0-9.]+$', example: '60.1699,24.9384'}
              responses:
                '200':
                  description: the areas (empty when the server offers none)
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/AreaListing'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
          /v1/areas/{area}/{kind}:
            get:
              summary: One kind's file of an area, streamed; resumable with Range (HEAD answers the headers alone)
              description: 'ETag is the file''s SHA-256 in quotes (If-None-Match answers 304). One byte range
                (bytes=N-, bytes=N-M, bytes=-S) answers 206 with Content-Range, unless If-Range names another
                ETag (then 200 with the whole current file); a range past the end answers 416 with Content-Range
                bytes */SIZE; several ranges answer the whole file.'
              parameters:
              - name: area
                in: path
                required: true
                schema: {type: string, pattern: '^[a-z0-9][a-z0-9._-]{0,63}$'}
              - name: kind
                in: path
                required: true
                schema: {$ref: '#/components/schemas/AreaKind'}
              - name: Range
                in: header
                required: false
                schema: {type: string, example: 'bytes=1024-'}
              - name: If-Range
                in: header
                required: false
                schema: {type: string}
              - name: If-None-Match
                in: header
                required: false
                schema: {type: string}
              responses:
                '200':
                  description: the whole file
                  headers:
                    ETag: {schema: {type: string}, description: the file's SHA-256 in double quotes}
                    Accept-Ranges: {schema: {type: string, enum: [bytes]}}
                    Content-Length: {schema: {type: integer}}
                  content:
                    application/octet-stream:
                      schema: {type: string, format: binary}
                '206':
                  description: the requested bytes
                  headers:
                    ETag: {schema: {type: string}, description: the file's SHA-256 in double quotes}
                    Accept-Ranges: {schema: {type: string, enum: [bytes]}}
                    Content-Range: {schema: {type: string}, description: 'bytes N-M/SIZE'}
                    Content-Length: {schema: {type: integer}}
                  content:
                    application/octet-stream:
                      schema: {type: string, format: binary}
                '304':
                  description: If-None-Match names the file's ETag
                  headers:
                    ETag: {schema: {type: string}}
                '404':
                  description: no such area, or no such kind of it
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '416':
                  description: the range starts past the end of the file (Content-Range bytes */SIZE)
                  headers:
                    Content-Range: {schema: {type: string}}
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '429': {$ref: '#/components/responses/TooManyRequests'}
                '503':
                  description: the area is being rebuilt at this moment; try again
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
        components:
          securitySchemes:
            bearer: {type: http, scheme: bearer}
          responses:
            BadRequest:
              description: malformed request or unknown member
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            Unauthorized:
              description: missing, unknown or expired access token
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            Forbidden:
              description: refused
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            NotFound:
              description: not found
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            Conflict:
              description: conflict
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            PayloadTooLarge:
              description: body too large
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            UnprocessableContent:
              description: the photo lacks what is needed (names the missing EXIF fields)
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            TooManyRequests:
              description: rate limited (see Retry-After)
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
          schemas:
            Error:
              type: object
              properties:
                code: {$ref: '#/components/schemas/ErrorCode'}
                message:
                  type: string
                  description: what was wrong, naming the member, parameter or resource
              required: [code, message]
              additionalProperties: false
            ErrorCode:
              type: string
              description: the stable machine code of an error answer (clients branch on it; a code never changes
                meaning, new ones may be added)
              enum: [missing_field, invalid_field, unknown_field, invalid_parameter, invalid_json, invalid_multipart,
                body_too_large, unauthorized, refresh_token_reused, invalid_credentials, attestation_refused,
                not_found, conflict, rate_limited, invalid_tile, invalid_viewport, viewport_too_large, wrong_epoch,
                invalid_signature, double_spend, already_issued, day_spent, unreadable_photo, photo_metadata,
                unknown_interest, building_data, storage, method_not_allowed, bad_request, deadline_exceeded, internal]
            Session:
              type: object
              properties:
                device_id: {type: string}
                access_token: {type: string}
                token_type: {type: string, enum: [Bearer]}
                expires_at: {type: integer}
                expires_in:
                  type: integer
                  description: access token lifetime, seconds (3600 by default)
                refresh_token: {type: string}
                refresh_expires_at: {type: integer}
                refresh_expires_in:
                  type: integer
                  description: refresh token lifetime, seconds (2592000, 30 days, by default)
              required: [access_token, device_id, expires_at, expires_in, refresh_expires_at, refresh_expires_in,
                refresh_token, token_type]
              additionalProperties: false
            Registration:
              type: object
              properties:
                device_id: {type: string}
                access_token: {type: string}
                token_type: {type: string, enum: [Bearer]}
                expires_at: {type: integer}
                expires_in:
                  type: integer
                  description: access token lifetime, seconds (3600 by default)
                refresh_token: {type: string}
                refresh_expires_at: {type: integer}
                refresh_expires_in:
                  type: integer
                  description: refresh token lifetime, seconds (2592000, 30 days, by default)
                device_secret:
                  type: string
                  description: shown only here; never expires; keep it in the Keychain and log in with it (POST
                    /v1/auth/login)
              required: [access_token, device_id, device_secret, expires_at, expires_in, refresh_expires_at, refresh_expires_in,
                refresh_token, token_type]
              additionalProperties: false
            Epoch:
              type: object
              properties:
                epoch: {type: integer}
                starts_at: {type: integer}
                ends_at: {type: integer}
                public_key: {type: string}
                key_size_bits: {type: integer}
                variant: {type: string}
              required: [ends_at, epoch, key_size_bits, public_key, starts_at, variant]
              additionalProperties: false
            EpochKeys:
              type: object
              properties:
                epoch_seconds: {type: integer}
                key_size_bits: {type: integer}
                variant: {type: string}
                digest: {type: string, minLength: 64, maxLength: 64}
                keys:
                  type: array
                  items: {$ref: '#/components/schemas/EpochKey'}
              required: [digest, epoch_seconds, key_size_bits, keys, variant]
              additionalProperties: false
            EpochKey:
              type: object
              properties:
                epoch: {type: integer}
                starts_at: {type: integer}
                ends_at: {type: integer}
                public_key: {type: string, description: DER (SubjectPublicKeyInfo), base64}
              required: [ends_at, epoch, public_key, starts_at]
              additionalProperties: false
            BlindTokenRequest:
              type: object
              properties:
                epoch: {type: integer}
                blinded_message: {type: string}
              required: [blinded_message, epoch]
              additionalProperties: false
            BlindSignatures:
              type: object
              properties:
                tokens:
                  type: array
                  items: {$ref: '#/components/schemas/BlindSignature'}
              required: [tokens]
              additionalProperties: false
            BlindSignature:
              type: object
              properties:
                epoch: {type: integer}
                blind_signature: {type: string}
              required: [blind_signature, epoch]
              additionalProperties: false
            Accepted:
              type: object
              properties:
                status: {type: string, enum: [accepted]}
              required: [status]
              additionalProperties: false
            HeatTile:
              type: object
              properties:
                tile_id: {type: string}
                level: {type: integer}
                intensity: {type: number}
                noisy_count: {type: integer}
                similarity: {type: number}
                bounds:
                  type: array
                  items: {type: number}
                  minItems: 4
                  maxItems: 4
              required: [bounds, intensity, level, noisy_count, similarity, tile_id]
              additionalProperties: false
            PrivacyLevel:
              type: object
              properties:
                level: {type: integer}
                tau: {type: integer}
                count_epsilon: {type: number}
                count_delta: {type: number}
                vector_epsilon:
                  type: number
                  description: 'epsilon of the facet histogram alone per epoch (0: count-only)'
                vector_delta: {type: number}
                enabled: {type: boolean}
                count_rho: {type: number}
                count_sigma: {type: number}
                single_contributor_release:
                  type: number
                  description: exact probability a tile with one contributor is released (at most count_delta)
                facet_rho: {type: number}
                facet_sigma: {type: number}
              required: [count_delta, count_epsilon, count_rho, count_sigma, enabled, facet_rho, facet_sigma,
                level, single_contributor_release, tau, vector_delta, vector_epsilon]
              additionalProperties: false
            PrivacyAccounting:
              type: object
              properties:
                epoch_rho: {type: number}
                epoch_selection_delta: {type: number}
                epochs_per_day: {type: integer}
                daily_epoch_cap:
                  type: integer
                  description: tokens per App Attest key for the epochs of any 24 hours (POST /v1/tidepool/tokens
                    answers 409 day_spent past it)
                day_rho: {type: number}
                conversion_delta: {type: number}
                conversion: {type: string}
                target_day_epsilon: {type: number}
                target_day_delta: {type: number}
                within_target: {type: boolean}
                facet_count: {type: integer}
                facet_codebook_version: {type: string}
              required: [conversion, conversion_delta, daily_epoch_cap, day_rho, epoch_rho, epoch_selection_delta,
                epochs_per_day, facet_codebook_version, facet_count, target_day_delta, target_day_epsilon, within_target]
              additionalProperties: false
            Privacy:
              type: object
              properties:
                k_min: {type: integer}
                epoch_seconds: {type: integer}
                ttl_seconds: {type: integer}
                levels:
                  type: array
                  items: {$ref: '#/components/schemas/PrivacyLevel'}
                epoch_epsilon: {type: number}
                epoch_delta: {type: number}
                day_epsilon:
                  type: number
                  description: epsilon per person per day (approximate zCDP over at most daily_epoch_cap epochs)
                day_delta: {type: number}
                accounting: {type: string}
                unit: {type: string}
                current_epoch: {type: integer}
                live_releases:
                  type: array
                  items: {type: integer}
                accounting_steps: {$ref: '#/components/schemas/PrivacyAccounting'}
                neighbour_relation:
                  type: string
                  description: the neighbouring datasets the guarantee is stated for (one device's reports of one UTC day
                    added or removed)
                window:
                  type: string
                  description: the window the day's figures hold for and how the daily cap is enforced
                horizons:
                  type: array
                  description: the same mechanisms composed over longer windows (any 24 hours, 7 days, 365 days)
                  items: {$ref: '#/components/schemas/PrivacyHorizon'}
                public_domain_tiles:
                  type: integer
                  description: base tiles of the public domain every release noises in full (absent when tiles are
                    released by partition selection; tau is then a release threshold with its delta)
              required: [accounting, current_epoch, day_delta, day_epsilon, epoch_delta, epoch_epsilon, epoch_seconds,
                k_min, levels, live_releases, ttl_seconds, unit]
              additionalProperties: false
            PrivacyHorizon:
              type: object
              properties:
                window: {type: string, enum: [any_24_hours, week, year]}
                epochs:
                  type: integer
                  description: the most epochs one device can report in over the window
                epsilon: {type: number}
                delta: {type: number}
              required: [delta, epochs, epsilon, window]
              additionalProperties: false
            Heat:
              type: object
              properties:
                tiles:
                  type: array
                  items: {$ref: '#/components/schemas/HeatTile'}
                meta: {$ref: '#/components/schemas/Privacy'}
              required: [meta, tiles]
              additionalProperties: false
            SearchResult:
              type: object
              properties:
                id: {type: string}
                name: {type: string, nullable: true}
                category: {type: string}
                lat: {type: number}
                lon: {type: number}
                distance_m: {type: number, nullable: true}
                score: {type: number}
                match: {type: string}
                heat: {type: number}
                interest: {type: number}
                reason:
                  type: string
                  description: 'why a personalised result ranks where it does: ''matches your interest in <the
                    vocabulary phrase of the profile tag contributing most>'' or ''busy with people like you'';
                    absent when nothing personal explains it or the order is not personalised'
              required: [category, distance_m, heat, id, interest, lat, lon, match, name, score]
              additionalProperties: false
            SearchResults:
              type: object
              properties:
                results:
                  type: array
                  items: {$ref: '#/components/schemas/SearchResult'}
                personalised: {type: boolean}
                fallback_reason: {type: string, nullable: true}
                model_version: {type: string}
              required: [fallback_reason, model_version, personalised, results]
              additionalProperties: false
            Place:
              type: object
              properties:
                id: {type: string}
                name: {type: string, nullable: true}
                category: {type: string}
                lat: {type: number}
                lon: {type: number}
                category_name: {type: string}
                symbol: {type: string}
                color: {type: string}
                open_now: {type: boolean, nullable: true}
                address: {type: string, nullable: true}
                alternative_names:
                  type: array
                  items: {type: string}
                phone: {type: string, nullable: true}
                website: {type: string, nullable: true}
                opening_hours: {type: string, nullable: true}
                wikidata: {type: string, nullable: true}
                importance: {type: number}
                tags:
                  type: object
                  additionalProperties: {type: string}
              required: [address, alternative_names, category, category_name, color, id, importance, lat, lon,
                name, open_now, opening_hours, phone, symbol, tags, website, wikidata]
              additionalProperties: false
            Favourite:
              type: object
              properties:
                id: {type: string}
                place_id: {type: string}
                rating: {type: integer, minimum: 1, maximum: 5, nullable: true}
                note: {type: string, nullable: true}
                created_at: {type: integer}
              required: [created_at, id, note, place_id, rating]
              additionalProperties: false
            Favourites:
              type: object
              properties:
                favourites:
                  type: array
                  items: {$ref: '#/components/schemas/Favourite'}
              required: [favourites]
              additionalProperties: false
            Profile:
              type: object
              properties:
                tags:
                  type: array
                  items: {type: string}
                dimension: {type: integer}
                vector:
                  type: array
                  items: {type: number}
                model_version: {type: string}
                integrations:
                  type: object
                  additionalProperties: {type: string}
                updated_at: {type: integer}
                signals:
                  type: array
                  items: {$ref: '#/components/schemas/InterestSignal'}
                  description: the signals the vector was learned from (declared tags, rated favourites); in the
                    export only
              required: [dimension, integrations, model_version, tags, updated_at, vector]
              additionalProperties: false
            InterestSignal:
              type: object
              properties:
                tag: {type: string}
                source:
                  type: string
                  description: declared, favourites, or an integration (spotify, ...)
                count: {type: integer}
                last_seen:
                  type: integer
                  description: Unix seconds; weight halves every 90 days from here (declared tags do not age)
                strength:
                  type: number
                  minimum: -1
                  maximum: 1
                  description: a favourite's (rating - 3) / 2
              required: [count, last_seen, source, strength, tag]
              additionalProperties: false
            Export:
              type: object
              properties:
                device:
                  type: object
                  properties:
                    device_id: {type: string}
                    created_at: {type: integer}
                  required: [created_at, device_id]
                  additionalProperties: false
                profile:
                  allOf:
                  - {$ref: '#/components/schemas/Profile'}
                  nullable: true
                favourites:
                  type: array
                  items: {$ref: '#/components/schemas/Favourite'}
                presence: {type: string}
              required: [device, favourites, presence, profile]
              additionalProperties: false
            IdentifyCandidate:
              type: object
              properties:
                kind: {type: string, enum: [building, landmark, aircraft]}
                id: {type: string}
                name: {type: string, nullable: true}
                confidence: {type: number}
                distance: {type: number}
                azimuth: {type: number}
                elevation: {type: number}
                reason: {type: string}
                details:
                  type: object
                  additionalProperties: {type: string}
              required: [azimuth, confidence, details, distance, elevation, id, kind, name, reason]
              additionalProperties: false
            AircraftSource:
              type: object
              properties:
                source:
                  type: string
                  enum: [request, feed, none, failed]
                  description: 'feed: from the configured live feed; none: no feed configured; failed: the feed
                    failed or its snapshot is not of the capture''s moment (aircraft left out, buildings and landmarks
                    still answered)'
                feed:
                  type: string
                  description: the configured feed (readsb URL or OpenSky)
                count:
                  type: integer
                  description: aircraft searched
                note:
                  type: string
                  description: why aircraft were left out
              required: [source]
              additionalProperties: false
            Identification:
              type: object
              properties:
                capture:
                  type: object
                  properties:
                    lat: {type: number}
                    lon: {type: number}
                    heading: {type: number}
                    width: {type: integer}
                    height: {type: integer}
                    time: {type: string, nullable: true}
                  required: [heading, height, lat, lon, time, width]
                  additionalProperties: false
                tap_azimuth: {type: number}
                tap_elevation: {type: number}
                aircraft: {$ref: '#/components/schemas/AircraftSource'}
                candidates:
                  type: array
                  items: {$ref: '#/components/schemas/IdentifyCandidate'}
              required: [aircraft, candidates, capture, tap_azimuth, tap_elevation]
              additionalProperties: false
            Health:
              type: object
              properties:
                status: {type: string}
                current_epoch: {type: integer}
                epoch_seconds: {type: integer}
                storage: {type: string}
                places:
                  type: object
                  properties:
                    count: {type: integer}
                    source: {type: string}
                    bounds:
                      type: array
                      items: {type: number}
                      nullable: true
                  required: [bounds, count, source]
                  additionalProperties: false
                attestation:
                  type: string
                  description: 'what registration accepts: ''App Attest (app ids: ...; environments: ...)'', or
                    ''development (any non-empty string is accepted)'' when the server runs with --development-attestation'
              required: [attestation, current_epoch, epoch_seconds, places, status, storage]
              additionalProperties: false
            RegistrationChallenge:
              type: object
              properties:
                challenge:
                  type: string
                  description: single use; attest the key with clientDataHash = SHA-256 of its UTF-8 bytes and
                    send it back unchanged
                expires_at: {type: integer}
                expires_in:
                  type: integer
                  description: seconds it lives (300)
              required: [challenge, expires_at, expires_in]
              additionalProperties: false
            AreaListing:
              type: object
              properties:
                areas:
                  type: array
                  items: {$ref: '#/components/schemas/AreaOffer'}
              required: [areas]
              additionalProperties: false
            AreaOffer:
              type: object
              properties:
                name:
                  type: string
                  description: the area's name, the {area} of its download path
                bounds: {$ref: '#/components/schemas/AreaBounds'}
                built_at: {type: string, format: date-time}
                distance_m:
                  type: number
                  description: metres from the near point to the nearest point of the bounds (0 inside); only with near
                files:
                  type: array
                  items: {$ref: '#/components/schemas/AreaFile'}
              required: [bounds, built_at, files, name]
              additionalProperties: false
            AreaBounds:
              type: object
              description: degrees; west greater than east crosses the antimeridian
              properties:
                south: {type: number}
                west: {type: number}
                north: {type: number}
                east: {type: number}
              required: [east, north, south, west]
              additionalProperties: false
            AreaFile:
              type: object
              properties:
                kind: {$ref: '#/components/schemas/AreaKind'}
                file:
                  type: string
                  description: the file's name on the server (area.pack, places.sqlite)
                bytes: {type: integer, format: int64}
                sha256:
                  type: string
                  description: 64 lowercase hexadecimal digits; also the download's ETag
                format_version:
                  type: integer
                  description: the identify pack's format version, or the place store's schema version
                built_at: {type: string, format: date-time}
              required: [built_at, bytes, file, format_version, kind, sha256]
              additionalProperties: false
            AreaKind:
              type: string
              description: 'identify_pack: ShootVeil''s offline pack (loci pack build); places: the place store (loci import)'
              enum: [identify_pack, places]

        """##
}
