// System Cairo (libcairo2-dev) for WrappedCards' share-card PNGs: image surfaces, gradients,
// paths, the toy text API (fontconfig picks DejaVu Sans from fonts-dejavu-core) and PNG streams.
#ifndef LOCI_CCAIRO_SHIM_H
#define LOCI_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
