// Anchor for `loci bench`: GeographicLib's C++ geodesic inverse (Debian libgeographiclib-dev),
// timed on the same distribution of random global pairs as Loci's `geodesic-inverse` workload.
// Built and run by scripts/bench-anchors.py when g++ and the GeographicLib headers are present.
// Prints the median nanoseconds per call over ROUNDS rounds of N pairs.
#include <GeographicLib/Constants.hpp>
#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int argc, char** argv) {
    const int n = 20000;
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> unit(-1.0, 1.0), lon(-180.0, 180.0);
    std::vector<double> lat1(n), lon1(n), lat2(n), lon2(n);
    for (int i = 0; i < n; ++i) {
        lat1[i] = std::asin(unit(rng)) * 180 / M_PI;
        lon1[i] = lon(rng);
        lat2[i] = std::asin(unit(rng)) * 180 / M_PI;
        lon2[i] = lon(rng);
    }
    const GeographicLib::Geodesic& g = GeographicLib::Geodesic::WGS84();
    double sink = 0;
    std::vector<double> perCall;
    for (int r = 0; r <= rounds; ++r) {
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < n; ++i) {
            double s12, azi1, azi2;
            g.Inverse(lat1[i], lon1[i], lat2[i], lon2[i], s12, azi1, azi2);
            sink += s12 + azi1 + azi2;
        }
        auto ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
        if (r > 0) perCall.push_back(ns / n);  // round 0 warms up
    }
    std::sort(perCall.begin(), perCall.end());
    std::printf("%.3f %s\n", perCall[perCall.size() / 2], GEOGRAPHICLIB_VERSION_STRING);
    if (sink == 42) std::printf("\n");
    return 0;
}
