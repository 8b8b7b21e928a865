// System libjpeg-turbo (libjpeg62-turbo-dev) for WrappedCards' photo tiles.
//
// libjpeg reports fatal errors through error_exit, whose default calls exit(). The decoder below
// installs an error manager that longjmps back into loci_jpeg_decode instead, so a corrupt,
// truncated or foreign file becomes a status code and a message. The setjmp and every libjpeg call
// it protects live in this one C function: no Swift frame is ever jumped over.
#ifndef LOCI_CJPEG_SHIM_H
#define LOCI_CJPEG_SHIM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/// What loci_jpeg_decode reports.
typedef enum {
    LOCI_JPEG_OK = 0,
    /// libjpeg stopped with a fatal error (not a JPEG, corrupt, unsupported); see message.
    LOCI_JPEG_ERROR = 1,
    /// The data ended before the image did (libjpeg would fill the rest with grey).
    LOCI_JPEG_TRUNCATED = 2,
    /// The image has more than max_source_pixels, or the scaled output would need more than
    /// max_output_bytes.
    LOCI_JPEG_TOO_LARGE = 3,
    /// malloc failed.
    LOCI_JPEG_NO_MEMORY = 4,
} loci_jpeg_status;

/// A decoded image: 4 bytes per pixel in B, G, R, X order (Cairo's RGB24 on little-endian
/// machines), rows of `stride` bytes. Free `pixels` with loci_jpeg_free.
typedef struct {
    int width;
    int height;
    int stride;
    int source_width;
    int source_height;
    int scale_num;
    unsigned char *pixels;
    char message[JMSG_LENGTH_MAX];
} loci_jpeg_image;

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int truncated;
} loci_jpeg_error_mgr;

static void loci_jpeg_error_exit(j_common_ptr cinfo) {
    loci_jpeg_error_mgr *err = (loci_jpeg_error_mgr *)cinfo->err;
    longjmp(err->jump, 1);
}

static void loci_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    loci_jpeg_error_mgr *err = (loci_jpeg_error_mgr *)cinfo->err;
    if (msg_level < 0) {
        err->pub.num_warnings++;
        if (err->pub.msg_code == JWRN_JPEG_EOF) err->truncated = 1;
    }
}

static void loci_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// Decodes `size` bytes of JPEG into `out`, using libjpeg-turbo's DCT scaling (N/8, N = 1…8) to
/// pick the smallest output that is still at least `min_width` × `min_height` (or the full size
/// when even that is smaller). Never exits the process; on failure `out->pixels` is NULL and
/// `out->message` says why.
static inline loci_jpeg_status loci_jpeg_decode(
    const unsigned char *data, unsigned long size, int min_width, int min_height,
    unsigned long max_source_pixels, unsigned long max_output_bytes, loci_jpeg_image *out) {
    struct jpeg_decompress_struct cinfo;
    loci_jpeg_error_mgr err;
    unsigned char *volatile pixels = NULL;
    volatile loci_jpeg_status status = LOCI_JPEG_OK;

    memset(out, 0, sizeof(*out));
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = loci_jpeg_error_exit;
    err.pub.emit_message = loci_jpeg_emit_message;
    err.pub.output_message = loci_jpeg_output_message;
    err.truncated = 0;

    if (setjmp(err.jump)) {
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, out->message);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        out->pixels = NULL;
        return status == LOCI_JPEG_OK ? LOCI_JPEG_ERROR : status;
    }

    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    // libjpeg's own allocations (a progressive file keeps every coefficient) are capped too.
    cinfo.mem->max_memory_to_use = 512L << 20;
    jpeg_read_header(&cinfo, TRUE);
    out->source_width = (int)cinfo.image_width;
    out->source_height = (int)cinfo.image_height;
    if ((unsigned long)cinfo.image_width * (unsigned long)cinfo.image_height > max_source_pixels) {
        jpeg_destroy_decompress(&cinfo);
        snprintf(out->message, sizeof(out->message), "%ux%u pixels is over the limit",
                 cinfo.image_width, cinfo.image_height);
        return LOCI_JPEG_TOO_LARGE;
    }
    cinfo.out_color_space = JCS_EXT_BGRX;
    // libjpeg-turbo scales by N/8 inside the IDCT; take the smallest N whose output still
    // covers the requested size, so little is decoded that would be thrown away.
    cinfo.scale_denom = 8;
    int num = 1;
    for (; num < 8; num++) {
        cinfo.scale_num = (unsigned int)num;
        jpeg_calc_output_dimensions(&cinfo);
        if ((int)cinfo.output_width >= min_width && (int)cinfo.output_height >= min_height) break;
    }
    cinfo.scale_num = (unsigned int)num;
    jpeg_calc_output_dimensions(&cinfo);

    unsigned long stride = (unsigned long)cinfo.output_width * 4UL;
    if (cinfo.output_width == 0 || cinfo.output_height == 0
        || stride > max_output_bytes / (unsigned long)cinfo.output_height) {
        jpeg_destroy_decompress(&cinfo);
        snprintf(out->message, sizeof(out->message), "decoded size %ux%u is over the limit",
                 cinfo.output_width, cinfo.output_height);
        return LOCI_JPEG_TOO_LARGE;
    }
    pixels = (unsigned char *)malloc(stride * (unsigned long)cinfo.output_height);
    if (pixels == NULL) {
        jpeg_destroy_decompress(&cinfo);
        snprintf(out->message, sizeof(out->message), "out of memory");
        return LOCI_JPEG_NO_MEMORY;
    }

    jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != 4) {
        status = LOCI_JPEG_ERROR;
        ERREXIT(&cinfo, JERR_CONVERSION_NOTIMPL);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (unsigned long)cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
        if (err.truncated) {
            status = LOCI_JPEG_TRUNCATED;
            ERREXIT(&cinfo, JERR_INPUT_EOF);
        }
    }
    jpeg_finish_decompress(&cinfo);
    if (err.truncated) {
        status = LOCI_JPEG_TRUNCATED;
        ERREXIT(&cinfo, JERR_INPUT_EOF);
    }

    out->width = (int)cinfo.output_width;
    out->height = (int)cinfo.output_height;
    out->stride = (int)stride;
    out->scale_num = num;
    out->pixels = pixels;
    jpeg_destroy_decompress(&cinfo);
    return LOCI_JPEG_OK;
}

/// Frees an image's pixels (NULL is fine).
static inline void loci_jpeg_free(loci_jpeg_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

#endif
