// Anchor for `loci bench geo`: nanoflann's k-d tree (Debian libnanoflann-dev), compiled, so the
// k-nearest and 500 m radius anchors time the tree and not a Python call per query.
// Built and run by scripts/bench-anchors.py when g++ and nanoflann.hpp are present.
//
// Same inputs as Loci's workloads: POINTS points and QUERIES query points, either uniform on
// the sphere or uniform over a 50 km disc around Helsinki (queries within 45 km), as 3-D unit
// vectors; k = 10 nearest, and every point within a 500 m great-circle distance (the chord
// 2 sin(d / 2R) on the unit sphere). Each query is timed on its own (median), as Loci's are.
// Usage: anchor POINTS QUERIES SEED. Prints one line per workload: NAME MEDIAN_NS MEAN_HITS.
#include <nanoflann.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

namespace {

constexpr double kEarthRadius = 6371008.8;  // mean radius, metres (as GeoKit's haversine)

struct Cloud {
    std::vector<double> xyz;  // x0 y0 z0 x1 y1 z1 ...
    size_t kdtree_get_point_count() const { return xyz.size() / 3; }
    double kdtree_get_pt(size_t i, size_t d) const { return xyz[3 * i + d]; }
    template <class Box>
    bool kdtree_get_bbox(Box&) const { return false; }
};

using Tree = nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, Cloud>, Cloud, 3, size_t>;

void push(std::vector<double>& out, double latitude, double longitude) {
    out.push_back(std::cos(latitude) * std::cos(longitude));
    out.push_back(std::cos(latitude) * std::sin(longitude));
    out.push_back(std::sin(latitude));
}

std::vector<double> uniform(std::mt19937_64& rng, size_t n) {
    std::uniform_real_distribution<double> unit(-1.0, 1.0), lon(-M_PI, M_PI);
    std::vector<double> out;
    out.reserve(3 * n);
    for (size_t i = 0; i < n; ++i) {
        double latitude = std::asin(unit(rng));
        push(out, latitude, lon(rng));
    }
    return out;
}

// Uniform over a disc of `radius` metres around Helsinki (spherical destination formula).
std::vector<double> city(std::mt19937_64& rng, size_t n, double radius) {
    const double lat0 = 60.1699 * M_PI / 180, lon0 = 24.9384 * M_PI / 180;
    std::uniform_real_distribution<double> unit(0.0, 1.0), bearing(0.0, 2 * M_PI);
    std::vector<double> out;
    out.reserve(3 * n);
    for (size_t i = 0; i < n; ++i) {
        double delta = radius * std::sqrt(unit(rng)) / kEarthRadius, theta = bearing(rng);
        double latitude = std::asin(std::sin(lat0) * std::cos(delta) + std::cos(lat0) * std::sin(delta) * std::cos(theta));
        double longitude = lon0 + std::atan2(std::sin(theta) * std::sin(delta) * std::cos(lat0),
                                             std::cos(delta) - std::sin(lat0) * std::sin(latitude));
        push(out, latitude, longitude);
    }
    return out;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

void run(const char* suffix, const std::vector<double>& points, const std::vector<double>& queries) {
    Cloud cloud{points};
    Tree tree(3, cloud, nanoflann::KDTreeSingleIndexAdaptorParams(10));
    tree.buildIndex();
    const size_t q = queries.size() / 3;
    std::vector<double> samples(q);
    size_t indices[10];
    double distances[10];
    size_t sink = 0;
    for (size_t i = 0; i < std::min<size_t>(q, 1000); ++i) sink += tree.knnSearch(&queries[3 * i], 10, indices, distances);
    for (size_t i = 0; i < q; ++i) {
        auto start = std::chrono::steady_clock::now();
        sink += tree.knnSearch(&queries[3 * i], 10, indices, distances);
        samples[i] = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    }
    std::printf("knn-10%s %.3f 10\n", suffix, median(samples));

    const double chord = 2 * std::sin(500.0 / kEarthRadius / 2);
    std::vector<std::pair<size_t, double>> matches;
    matches.reserve(64);
    nanoflann::SearchParams unsorted(32, 0, false);
    size_t found = 0;
    for (size_t i = 0; i < std::min<size_t>(q, 1000); ++i) sink += tree.radiusSearch(&queries[3 * i], chord * chord, matches, unsorted);
    for (size_t i = 0; i < q; ++i) {
        auto start = std::chrono::steady_clock::now();
        found += tree.radiusSearch(&queries[3 * i], chord * chord, matches, unsorted);
        samples[i] = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    }
    std::printf("radius-500m%s %.3f %.1f\n", suffix, median(samples), double(found) / double(q));
    if (sink == 42) std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    const size_t points = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
    const size_t queries = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 10000;
    std::mt19937_64 rng(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 42);
    std::vector<double> p = uniform(rng, points), q = uniform(rng, queries);
    run("", p, q);
    p = city(rng, points, 50000);
    q = city(rng, queries, 45000);
    run("-city", p, q);
    return 0;
}
