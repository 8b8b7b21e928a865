# Sourced by scripts/serve and scripts/demo (not run on its own): installs the system packages
# the build links (scripts/system-packages; stops if any is missing), fetches the sample data,
# builds loci and makes the Helsinki place store when it is missing or from another Loci version.
# Sets: data_dir (exported as LOCI_DATA_DIR), loci (the binary), db (the place store).

# The system libraries the build links (one list: scripts/system-packages); stops here if any is missing.
scripts/system-packages build

data_dir=$(scripts/fetch-data)
export LOCI_DATA_DIR="$data_dir"
swift build --product loci >&2
loci=$(swift build --show-bin-path)/loci
db="$data_dir/places.sqlite"
# A store from an older Loci (another schema version) is rebuilt rather than reused.
if [ -f "$db" ] && ! "$loci" autocomplete a --db "$db" >/dev/null 2>&1; then
    echo "the place store at $db is from another Loci version; importing again" >&2
    rm -f "$db"
fi
if [ ! -f "$db" ]; then
    "$loci" import "$data_dir/osm/helsinki.osm.pbf" --db "$db" --time-zone Europe/Helsinki
fi
