import Foundation
import LociTestSupport

/// What every argument of `loci` means (so which values are bad for it), what each command needs
/// besides the bad value to get as far as checking it, and the reviewed exemptions.
///
/// An argument is looked up by its full key (`bench places --places`), then by its name
/// (`--radius`, `LAT,LON`). An argument found in neither table nor in ``exempt`` fails the test:
/// a new option gets a bad-value case, or a reason here why no value is bad.
enum BadValueCatalogue {
    /// Kinds by argument name, shared by every command that uses the name.
    static let byName: [String: ValueKind] = [
        // Whole numbers.
        "--limit": .wholeNumber, "--level": .wholeNumber, "--points": .wholeNumber, "--queries": .wholeNumber,
        "--files": .wholeNumber, "--rounds": .wholeNumber, "--step-places": .wholeNumber,
        "--replay-places": .wholeNumber, "--footprints": .wholeNumber, "--anchor-queries": .wholeNumber,
        "--pairs": .wholeNumber, "--repeats": .wholeNumber, "--seed": .wholeNumber, "--bookmarks": .wholeNumber,
        "--lookups": .wholeNumber, "--users": .wholeNumber, "--epochs": .wholeNumber, "--k-min": .wholeNumber,
        "--dimension": .wholeNumber, "--count": .wholeNumber, "--concurrency": .wholeNumber, "--free": .wholeNumber,
        "--port": .wholeNumber, "--max-connections": .wholeNumber, "--rsa-reports": .wholeNumber, "--daily-epochs": .wholeNumber,
        "--key-ahead-epochs": .wholeNumber, "--epoch-minutes": .wholeNumber,
        // Numbers.
        "--radius": .number, "--base-edge": .number, "--within": .number, "--epsilon": .number, "--delta": .number,
        "--start-hour": .number, "--report-probability": .number, "--min-seconds": .number, "--alt": .number, "--fov": .number, "--heading": .number,
        "--accuracy": .number, "--pitch": .number, "--roll": .number, "--epoch-seconds": .number,
        "--focal-length-35mm": .number, "--request-deadline": .number, "--body-timeout": .number, "--header-timeout": .number, "--idle-timeout": .number,
        "--shutdown-grace": .number, "--expected-empty-tiles": .number, "--parent-share": .number,
        // Positions, times, zones.
        "--near": .coordinate, "--at": .coordinate, "LAT,LON": .coordinate, "--time": .instant,
        "--start": .day, "--end": .day, "--today": .day, "--time-zone": .timeZone,
        // Files and folders.
        "--db": .database, "--trips-db": .database, "--library-db": .database, "--cache": .database,
        "--quota": .database, "--gazetteer": .inputFile, "--osm": .inputFile, "--track": .inputFile,
        "--landmarks": .inputFile, "--airports": .inputFile, "--photo": .inputFile, "--places": .inputFile,
        "--sensitive-areas": .inputFile, "--facet-codebook": .inputFile, "--anchors": .inputFile, "FILE": .inputFile, "track": .inputFile,
        "--dir": .inputFolder, "--samples": .inputFolder, "--photos": .inputFolder, "directory": .inputFolder,
        "--out": .outputFolder, "--data-dir": .outputFolder,
        // URLs and ids.
        "--server": .url, "--osrm": .url, "--google-base-url": .url, "--place": .placeID,
        // Shapes of their own.
        "--tap": .shape(bad: "abc", expected: ["X,Y"]),
        "--size": .shape(bad: "abc", expected: ["WxH"]),
        "--range": .shape(bad: "bogus", expected: ["this-year", "FROM..TO"]),
        "--quiet": .shape(bad: "bogus", expected: ["HH:MM-HH:MM"]),
        "--wakeups": .shape(bad: "bogus", expected: ["every-fix", "ios"]),
        "--skin": .shape(bad: "bogus", expected: ["pastel", "poster"]),
        "--card": .shape(bad: "bogus", expected: ["top_place"]),
        "--providers": .shape(bad: "bogus", expected: ["local", "google"]),
        "--category": .shape(bad: "bogus", expected: ["unknown category", "'bogus'"]),
        "--tags": .shape(bad: "zzqx", expected: ["zzqx", "not a known interest"]),
        "--a": .shape(bad: "zzqx", expected: ["zzqx", "not a known interest"]),
        "--b": .shape(bad: "zzqx", expected: ["zzqx", "not a known interest"]),
        "--host": .shape(bad: "not a host!", expected: ["not a host!"]),
        "--aircraft-feed": .shape(bad: "bogus", expected: ["bogus", "opensky", "http(s) URL"]),
        "--metrics-address": .shape(bad: "bogus", expected: ["bogus", "HOST:PORT", "off"]),
        "--tile-domain": .shape(bad: "bogus", expected: ["bogus", "places", "reported"]),
    ]

    /// Kinds for one command's argument where its name means something else there.
    static let byKey: [String: ValueKind] = [
        // A count of places or aircraft in a benchmark, not a file.
        "bench places --places": .wholeNumber, "bench identify --aircraft": .wholeNumber,
        // The place-store commands' --at is when to judge open-now.
        "search --at": .instant, "nearby --at": .instant, "autocomplete --at": .instant, "place --at": .instant,
        "identify --aircraft": .inputFile, "identify --pack": .inputFile,
        // A pack is built from an extract or a store that must already exist, into one file.
        "pack build EXTRACT": .inputFile, "pack build --db": .inputFile, "pack build --out": .outputFile,
        "pack build --bbox": .shape(bad: "abc", expected: ["--bbox", "S,W,N,E"]),
        // An area is built from an extract that must exist, into a folder of areas, under a name
        // that is a folder and a path segment; the server serves a folder of areas that must exist.
        "area build EXTRACT": .inputFile, "area build --out": .outputFolder,
        "area build --name": .shape(bad: "../up", expected: ["--name", "../up"]),
        "area build --bbox": .shape(bad: "abc", expected: ["--bbox", "S,W,N,E"]),
        "serve --areas": .inputFolder,
        // Databases that must already exist.
        "tidepool simulate --places": .inputFile, "serve --places": .inputFile,
        "proximity replay --places": .inputFile, "import-library file": .inputFile,
        "tidepool tokens --out": .outputFile, "export file": .outputFile,
        "trips import file": .inputFile, "trips export file": .outputFile,
        "trips export --format": .shape(bad: "bogus", expected: ["geojson", "gpx", "json"]),
        "serve --app-attest-app-ids": .shape(bad: "bogus", expected: ["bogus", "TEAMID.bundle.id"]),
        "serve --app-attest-environment": .shape(bad: "bogus", expected: ["bogus", "production", "development"]),
        "bench cards --out": .outputFolder,
        // Workloads whose anchors are not a script refuse --anchors whatever it names.
        "bench cards --anchors": .shape(bad: "x.py", expected: ["no anchor script"]),
        "bench directions --anchors": .shape(bad: "x.py", expected: ["no anchor script"]),
        "bench identify --anchors": .shape(bad: "x.py", expected: ["no anchor script"]),
        "bench photos --anchors": .shape(bad: "x.py", expected: ["no anchor script"]),
        "bench proximity --anchors": .shape(bad: "x.py", expected: ["no anchor script"]),
        "place id": .placeID,
        "trips show name": .reference, "trips delete name": .reference, "trips add-place trip": .reference,
        "trips remove-place trip": .reference, "trips import trip": .reference, "trips export trip": .reference, "trips remove-place place-id": .reference,
        "proximity replay --trip": .reference, "bookmarks note id": .reference, "bookmarks tag id": .reference,
        "bookmarks remove id": .reference, "lists rename name": .reference, "lists delete name": .reference,
        "lists add name": .reference, "lists add bookmark": .reference, "lists remove name": .reference,
        "lists remove bookmark": .reference,
    ]

    /// Arguments for which no value is bad, each with the reason (reviewed: keep it short).
    static let exempt: [String: String] = [
        "search query": "free text: any words are a search",
        "autocomplete prefix": "free text: anything typed so far",
        "geocode forward query": "free text: any words are a search",
        "compare query": "free text: any words are a search",
        "trips create name": "a new trip's name: any text",
        "trips add-place --name": "a place's display name: any text",
        "trips add-place --note": "a place's note: any text",
        "trips add-place --hours": "OSM opening_hours is kept as written (unparsed hours show as unknown)",
        "lists create name": "a new list's name: any text",
        "lists rename new-name": "a list's new name: any text",
        "bookmarks add --name": "a bookmark's title: any text",
        "bookmarks add --note": "a note: any text",
        "bookmarks add --tag": "a tag: any text",
        "bookmarks add --list": "a list named here is made when missing",
        "bookmarks add --google": "a Google place id is opaque; only Google can say it is unknown",
        "bookmarks list --list": "a filter: an unknown list lists nothing",
        "bookmarks list --tag": "a filter: an unknown tag lists nothing",
        "bookmarks note text": "a note: any text",
        "bookmarks tag --add": "a tag: any text",
        "bookmarks tag --remove": "removing a tag the bookmark lacks does nothing",
        "export --list": "a filter: an unknown list exports nothing",
        "interests canonicalize strings": "free text: every string maps to a tag or to none",
        "wrapped --hide": "a place id from an earlier run; an id not in this range hides nothing",
        "help subcommands": "ArgumentParser's own help command",
        "compare --google-base-url": "a test stub's address, read only when Google is asked (its column shows a failure)",
        "serve --node": "this node's name in scale mode: any text",
        "pack build --name": "the area's name in the manifest: any text",
    ]

    /// Arguments every run of a command gets (before the bad one), so that it reaches the check.
    static let base: [String: [String]] = [
        "identify": ["--at", "43.7384,7.4246", "--fov", "60", "--size", "400x300", "--heading", "0"],
        "proximity replay": ["--trip", "fixture"],
        "tidepool simulate": ["--places", "{places}", "--users", "10", "--epochs", "1"],
        "compare": ["--providers", "local"],
        "trips add-place": ["--name", "x", "--at", "43.7384,7.4246"],
        "serve": ["--port", "0"],
        "bookmarks add": ["--name", "x", "--at", "43.7384,7.4246"],
        "bookmarks tag": ["--add", "x"],
        "directions": ["--osm", "{monaco}"],
        "bench places": ["--osm", "{monaco}"],
        "pack build": ["{monaco}"],
    ]

    /// Where one bad value needs other companions than the command's ``base``.
    static let baseByKey: [String: [String]] = [
        "identify --photo": [],
        "identify --at": ["--fov", "60", "--size", "400x300", "--heading", "0"],
        "proximity replay --trip": [],
        "proximity replay --places": [],
        "tidepool simulate --places": [],
        "trips add-place --place": [],
        "trips add-place --at": ["--name", "x"],
        "bookmarks add --place": [],
        "bookmarks add --at": ["--name", "x"],
        "bookmarks add --db": ["--place", "{place}"],
        "trips add-place --db": ["--place", "{place}"],
        "pack build EXTRACT": [],
        "pack build --db": [],
    ]

    /// A good value for a required argument (by key, then by name), so only the bad one is wrong.
    static let good: [String: [String]] = [
        "import FILE": [SharedData.url("osm/monaco.osm.pbf").path],
        "area build EXTRACT": [SharedData.url("osm/monaco.osm.pbf").path], "area build --name": ["monaco"],
        "area build --out": ["{root}/areas"],
        "osm stats FILE": [SharedData.url("osm/monaco.osm.pbf").path],
        "photo-info FILE": [SharedData.url("photos/exif-samples/jpg/Nikon_D70.jpg").path],
        "geo inverse LAT,LON": ["43.7384,7.4246", "43.7400,7.4300"],
        "geo direct LAT,LON AZIMUTH DISTANCE_M": ["43.7384,7.4246", "90", "1000"],
        "geo tile LAT,LON | TILE_ID": ["43.7384,7.4246"],
        "directions LAT,LON": ["43.7384,7.4246", "43.7400,7.4300"],
        "directory": ["{folder}"],
        "track": ["{track}"],
        "trips import file": ["{placefile}"], "trips export file": ["{root}/out.geojson"],
        "query": ["cafe"], "prefix": ["ca"], "strings": ["cafe"],
        "name": ["fixture"], "trip": ["fixture"], "new-name": ["renamed"], "text": ["a note"],
        "id": ["nosuch-zz"], "bookmark": ["nosuch-zz"], "place-id": ["nosuch-zz"],
        "file": ["{library}"], "place id": ["{place}"], "LAT,LON": ["43.7384,7.4246"],
        "--near": ["43.7384,7.4246"], "--tap": ["200,150"], "--server": ["http://127.0.0.1:9"],
        "--out": ["{root}/tokens.jsonl"], "--tags": ["cafe"], "--a": ["cafe"], "--b": ["cafe"],
    ]

    /// A number outside the range of an option that has one (by key, then by name); the refusal
    /// must name the option and say the range (``ValueKind/rangeWords``).
    static let outOfRange: [String: String] = [
        "--limit": "0", "--radius": "0", "--level": "9", "--base-edge": "0", "--users": "0", "--epochs": "0",
        "--epsilon": "0", "--delta": "5", "--k-min": "0", "--dimension": "0", "--start-hour": "25", "--count": "0",
        "--concurrency": "0", "--fov": "500", "--pitch": "100", "--epoch-seconds": "20", "--port": "70000",
        "--rounds": "0", "--files": "0", "--pairs": "0", "--repeats": "0", "--points": "0", "--queries": "0",
        "--footprints": "0", "--bookmarks": "0", "--step-places": "0", "--replay-places": "0", "--lookups": "0",
        "bench places --places": "0", "bench identify --aircraft": "0", "--daily-epochs": "0",
        "--report-probability": "2", "--focal-length-35mm": "0", "--request-deadline": "0", "--body-timeout": "0",
        "--header-timeout": "0", "--idle-timeout": "0", "--max-connections": "0", "--shutdown-grace": "-1",
        "--metrics-address": "127.0.0.1:70000", "--key-ahead-epochs": "2000", "--epoch-minutes": "30",
        "--expected-empty-tiles": "0", "--parent-share": "0.5",
        // Issue 32: values that once made identify run for ever.
        "identify --accuracy": "1e308", "identify --heading": "400",
    ]

    /// The words of a bad value for positionals that take several (the first word is the bad one).
    static let positionalShapes: [String: [String]] = [
        "geo inverse LAT,LON": ["91,0", "0,0"],
        "geo direct LAT,LON AZIMUTH DISTANCE_M": ["91,0", "90", "1000"],
        "geo tile LAT,LON | TILE_ID": ["91,0"],
        "geocode reverse LAT,LON": ["91,0"],
        "directions LAT,LON": ["91,0", "0,0"],
    ]
}
