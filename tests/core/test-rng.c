/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "parlor-rng.h"

/* Reference outputs of PCG32 (pcg32-demo, seed 42, stream 54). */
static void
test_reference (void)
{
  static const guint32 expected[] = {
    0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e,
  };
  ParlorRng rng;

  parlor_rng_init (&rng, 42, 54);
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmphex (parlor_rng_next (&rng), ==, expected[i]);
}

/* Reference outputs of SplitMix64 (Vigna's splitmix64.c, next() from states 0
 * and 1234567): output i is parlor_rng_splitmix64 of the state plus i times
 * the golden gamma. */
static void
test_splitmix64_reference (void)
{
  static const struct
  {
    guint64 state;
    guint64 expected[5];
  } cases[] = {
    { 0, { G_GUINT64_CONSTANT (0xe220a8397b1dcdaf), G_GUINT64_CONSTANT (0x6e789e6aa1b965f4),
           G_GUINT64_CONSTANT (0x06c45d188009454f), G_GUINT64_CONSTANT (0xf88bb8a8724c81ec),
           G_GUINT64_CONSTANT (0x1b39896a51a8749b) } },
    { 1234567, { G_GUINT64_CONSTANT (6457827717110365317), G_GUINT64_CONSTANT (3203168211198807973),
                 G_GUINT64_CONSTANT (9817491932198370423), G_GUINT64_CONSTANT (4593380528125082431),
                 G_GUINT64_CONSTANT (16408922859458223821) } },
  };
  const guint64 gamma = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    for (gsize i = 0; i < G_N_ELEMENTS (cases[c].expected); i++)
      g_assert_cmphex (parlor_rng_splitmix64 (cases[c].state + i * gamma), ==, cases[c].expected[i]);
}

static void
test_same_seed_same_stream (void)
{
  ParlorRng a, b, c;
  gboolean differs = FALSE;

  parlor_rng_init (&a, 7, 1);
  parlor_rng_init (&b, 7, 1);
  parlor_rng_init (&c, 8, 1);
  for (int i = 0; i < 1000; i++)
    {
      guint32 x = parlor_rng_next (&a);

      g_assert_cmpuint (x, ==, parlor_rng_next (&b));
      differs |= x != parlor_rng_next (&c);
    }
  g_assert_true (differs);
}

static void
test_below_uniform (void)
{
  ParlorRng rng;
  guint counts[7] = { 0 };
  const guint n = 70000;

  parlor_rng_init (&rng, 1, 2);
  for (guint i = 0; i < n; i++)
    {
      guint32 v = parlor_rng_below (&rng, 7);

      g_assert_cmpuint (v, <, 7);
      counts[v]++;
    }
  /* Each bucket expects 10000; 5 sigma is about 460. */
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (ABS ((int) counts[i] - 10000), <, 460);

  g_assert_cmpuint (parlor_rng_below (&rng, 1), ==, 0);
}

static void
test_shuffle_is_permutation (void)
{
  ParlorRng rng;
  int values[45];
  int seen[45] = { 0 };
  gboolean moved = FALSE;

  for (int i = 0; i < 45; i++)
    values[i] = i;
  parlor_rng_init (&rng, 99, 3);
  parlor_rng_shuffle (&rng, values, G_N_ELEMENTS (values), sizeof values[0]);
  for (int i = 0; i < 45; i++)
    {
      seen[values[i]]++;
      moved |= values[i] != i;
    }
  for (int i = 0; i < 45; i++)
    g_assert_cmpint (seen[i], ==, 1);
  g_assert_true (moved);
}

static void
test_double_range (void)
{
  ParlorRng rng;

  parlor_rng_init (&rng, 5, 5);
  for (int i = 0; i < 10000; i++)
    {
      double d = parlor_rng_double (&rng);

      g_assert_cmpfloat (d, >=, 0.0);
      g_assert_cmpfloat (d, <, 1.0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/rng/reference", test_reference);
  g_test_add_func ("/core/rng/splitmix64-reference", test_splitmix64_reference);
  g_test_add_func ("/core/rng/same-seed-same-stream", test_same_seed_same_stream);
  g_test_add_func ("/core/rng/below-uniform", test_below_uniform);
  g_test_add_func ("/core/rng/shuffle-is-permutation", test_shuffle_is_permutation);
  g_test_add_func ("/core/rng/double-range", test_double_range);

  return g_test_run ();
}
