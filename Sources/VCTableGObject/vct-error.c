/* vct-error.c: the VCT_ERROR domain.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The Swift core makes its GErrors in the same domain by name (CError.quark in
 * Sources/VCTable/CBridge/CError.swift): a quark is the same for the same string.
 */

#include <vctable.h>

/**
 * vct_error_quark:
 *
 * The quark of the %VCT_ERROR domain.
 *
 * Returns: the error domain quark
 */
G_DEFINE_QUARK (vct-error-quark, vct_error)
