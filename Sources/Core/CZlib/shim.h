// System zlib (zlib1g-dev) for OSMKit's PBF blob decompression.
#ifndef LOCI_CZLIB_SHIM_H
#define LOCI_CZLIB_SHIM_H
#include <zlib.h>
#endif
