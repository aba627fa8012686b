/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Secrets from the kernel's generator (getrandom(2)): seat tokens and the
 * seeds of games nobody chose a seed for. Never from g_random or GRand,
 * whose Mersenne Twister anyone who sees enough of its output can rebuild.
 */

#define PARLOR_SECRET_TOKEN_BYTES 16

void     parlor_secret_random_bytes (guint8 *buffer,
                                     gsize   length);
/* 128 bits as 32 lowercase hex digits. */
char    *parlor_secret_token        (void);
/* A 64-bit game seed, never 0. */
guint64  parlor_secret_seed         (void);

G_END_DECLS
