/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-rng"

#include "config.h"

#include <string.h>

#include "parlor-rng.h"

#define PCG_MULT G_GUINT64_CONSTANT (6364136223846793005)

void
parlor_rng_init (ParlorRng *rng,
                 guint64    seed,
                 guint64    stream)
{
  g_return_if_fail (rng != NULL);

  rng->state = 0;
  rng->inc = (stream << 1) | 1;
  parlor_rng_next (rng);
  rng->state += seed;
  parlor_rng_next (rng);
}

guint32
parlor_rng_next (ParlorRng *rng)
{
  guint64 old = rng->state;
  guint32 xorshifted;
  guint32 rot;

  rng->state = old * PCG_MULT + rng->inc;
  xorshifted = (guint32) (((old >> 18) ^ old) >> 27);
  rot = (guint32) (old >> 59);

  return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

guint64
parlor_rng_next64 (ParlorRng *rng)
{
  guint64 hi = parlor_rng_next (rng);

  return (hi << 32) | parlor_rng_next (rng);
}

/* Uniform in [0, bound) without modulo bias (Lemire's rejection). */
guint32
parlor_rng_below (ParlorRng *rng,
                  guint32    bound)
{
  guint64 m;
  guint32 low;

  g_return_val_if_fail (bound > 0, 0);

  m = (guint64) parlor_rng_next (rng) * bound;
  low = (guint32) m;
  if (low < bound)
    {
      guint32 threshold = (-bound) % bound;

      while (low < threshold)
        {
          m = (guint64) parlor_rng_next (rng) * bound;
          low = (guint32) m;
        }
    }

  return (guint32) (m >> 32);
}

double
parlor_rng_double (ParlorRng *rng)
{
  return (parlor_rng_next64 (rng) >> 11) * (1.0 / 9007199254740992.0);
}

void
parlor_rng_shuffle (ParlorRng *rng,
                    gpointer   array,
                    gsize      n_elements,
                    gsize      element_size)
{
  guint8 *bytes = array;
  guint8 tmp[64];

  g_return_if_fail (element_size <= sizeof tmp);

  for (gsize i = n_elements; i > 1; i--)
    {
      gsize j = parlor_rng_below (rng, (guint32) i);

      if (j != i - 1)
        {
          memcpy (tmp, bytes + j * element_size, element_size);
          memcpy (bytes + j * element_size, bytes + (i - 1) * element_size, element_size);
          memcpy (bytes + (i - 1) * element_size, tmp, element_size);
        }
    }
}

guint64
parlor_rng_splitmix64 (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}
