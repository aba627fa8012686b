/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* PCG32 (O'Neill, pcg-random.org): a plain struct so games can copy it. */
typedef struct
{
  guint64 state;
  guint64 inc;
} ParlorRng;

void     parlor_rng_init      (ParlorRng *rng,
                               guint64    seed,
                               guint64    stream);
guint32  parlor_rng_next      (ParlorRng *rng);
guint64  parlor_rng_next64    (ParlorRng *rng);
guint32  parlor_rng_below     (ParlorRng *rng,
                               guint32    bound);
double   parlor_rng_double    (ParlorRng *rng);
void     parlor_rng_shuffle   (ParlorRng *rng,
                               gpointer   array,
                               gsize      n_elements,
                               gsize      element_size);

/* SplitMix64 (Steele, Lea and Flood; Vigna's splitmix64.c): the first output
 * of the generator whose state is @x. Mixes a number into an independent
 * seed, e.g. from (seed, game, seat, move). */
guint64  parlor_rng_splitmix64 (guint64 x);

G_END_DECLS
