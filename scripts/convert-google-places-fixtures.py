#!/usr/bin/env python3
"""Convert recorded Google Places (legacy) responses to the Places API (New) v1 shape.

The legacy recordings (googlemaps/google-maps-services-java test resources, Apache-2.0) live in
the shared data folder under google-places/legacy/. This script rewrites the ones the contract
tests use into v1 JSON (camelCase fields, `places/ID` resource names, `displayName`, `location`
with latitude/longitude, `regularOpeningHours` periods, `AutocompletePlacesResponse`
suggestions) and then parses every output with the PyPI package google-maps-places, whose
proto-plus types reject unknown fields and wrong types, so a fixture that is not valid v1 fails
here rather than in a test.

    pip install -r scripts/requirements-google-places.txt
    scripts/convert-google-places-fixtures.py LEGACY_DIR OUT_DIR      # convert and validate
    scripts/convert-google-places-fixtures.py --check OUT_DIR         # validate only
"""
import json
import sys
from pathlib import Path

PRICE = {0: "PRICE_LEVEL_FREE", 1: "PRICE_LEVEL_INEXPENSIVE", 2: "PRICE_LEVEL_MODERATE",
         3: "PRICE_LEVEL_EXPENSIVE", 4: "PRICE_LEVEL_VERY_EXPENSIVE"}

# Legacy types that v1 no longer returns are dropped; the rest keep their names.
DROPPED_TYPES = {"geocode"}


def point(day, hhmm):
    return {"day": day, "hour": int(hhmm[:2]), "minute": int(hhmm[2:])}


def place(legacy):
    """One legacy result → one v1 Place."""
    pid = legacy["place_id"]
    out = {"name": f"places/{pid}", "id": pid,
           "displayName": {"text": legacy["name"], "languageCode": "en"}}
    types = [t for t in legacy.get("types", []) if t not in DROPPED_TYPES]
    if types:
        out["types"] = types
        out["primaryType"] = types[0]
    address = legacy.get("formatted_address") or legacy.get("vicinity")
    if address:
        out["formattedAddress"] = address
    loc = legacy["geometry"]["location"]
    out["location"] = {"latitude": loc["lat"], "longitude": loc["lng"]}
    if "address_components" in legacy:
        out["addressComponents"] = [
            {"longText": c["long_name"], "shortText": c["short_name"], "types": c["types"],
             "languageCode": "en"} for c in legacy["address_components"]]
    if "rating" in legacy:
        out["rating"] = legacy["rating"]
    if "user_ratings_total" in legacy:
        out["userRatingCount"] = legacy["user_ratings_total"]
    if "price_level" in legacy:
        out["priceLevel"] = PRICE[legacy["price_level"]]
    if "business_status" in legacy:
        out["businessStatus"] = legacy["business_status"]
    if "formatted_phone_number" in legacy:
        out["nationalPhoneNumber"] = legacy["formatted_phone_number"]
    if "international_phone_number" in legacy:
        out["internationalPhoneNumber"] = legacy["international_phone_number"]
    if "website" in legacy:
        out["websiteUri"] = legacy["website"]
    if "url" in legacy:
        out["googleMapsUri"] = legacy["url"]
    hours = legacy.get("opening_hours")
    if hours and hours.get("periods"):
        out["regularOpeningHours"] = {
            "openNow": hours.get("open_now", False),
            "periods": [{"open": point(p["open"]["day"], p["open"]["time"]),
                         **({"close": point(p["close"]["day"], p["close"]["time"])} if "close" in p else {})}
                        for p in hours["periods"]],
            "weekdayDescriptions": hours.get("weekday_text", []),
        }
    if legacy.get("photos"):
        out["photos"] = [
            {"name": f"places/{pid}/photos/{p['photo_reference']}", "widthPx": p["width"],
             "heightPx": p["height"]} for p in legacy["photos"]]
    return out


def suggestion(prediction):
    pid = prediction["place_id"]
    fmt = prediction["structured_formatting"]
    return {"placePrediction": {
        "place": f"places/{pid}", "placeId": pid,
        "text": {"text": prediction["description"],
                 "matches": [{"startOffset": m["offset"], "endOffset": m["offset"] + m["length"]}
                             if m["offset"] else {"endOffset": m["length"]}
                             for m in prediction.get("matched_substrings", [])]},
        "structuredFormat": {"mainText": {"text": fmt["main_text"]},
                             "secondaryText": {"text": fmt.get("secondary_text", "")}},
        "types": [t for t in prediction.get("types", []) if t not in DROPPED_TYPES]}}


# legacy file → (v1 file, converter, v1 message type that validates it)
JOBS = [
    ("TextSearchPizzaInNYC.json", "searchText-pizza-nyc.json",
     lambda d: {"places": [place(r) for r in d["results"]]}, "SearchTextResponse"),
    ("PlacesApiNearbySearchRequestByTypeResponse.json", "searchNearby-by-type.json",
     lambda d: {"places": [place(r) for r in d["results"]]}, "SearchNearbyResponse"),
    ("PlaceDetailsResponse.json", "details-google-sydney.json", lambda d: place(d["result"]), "Place"),
    ("PlacesApiPlaceAutocompleteResponse.json", "autocomplete-town-hall.json",
     lambda d: {"suggestions": [suggestion(p) for p in d["predictions"]]}, "AutocompletePlacesResponse"),
]


def validate(path, type_name):
    from google.maps import places_v1
    message_type = getattr(places_v1, type_name)
    message = message_type.from_json(path.read_text())  # raises on unknown fields or wrong types
    return message


def main(argv):
    if argv[:1] == ["--check"]:
        out_dir = Path(argv[1])
        for _, name, _, type_name in JOBS:
            validate(out_dir / name, type_name)
            print(f"valid {type_name}: {name}")
        return 0
    legacy_dir, out_dir = Path(argv[0]), Path(argv[1])
    out_dir.mkdir(parents=True, exist_ok=True)
    for legacy_name, name, convert, type_name in JOBS:
        data = json.loads((legacy_dir / legacy_name).read_text())
        target = out_dir / name
        target.write_text(json.dumps(convert(data), indent=2, ensure_ascii=False) + "\n")
        validate(target, type_name)
        print(f"wrote and validated {type_name}: {name}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
