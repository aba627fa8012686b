/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "hand-gen.h"
#include "mahjong-mcr.h"
#include "mahjong-tile.h"
#include "mcr-spec.h"

static SpecTable table;

static gboolean
parse_input (const char   *input,
             MahjongHand  *hand,
             McrSituation *sit,
             GError      **error)
{
  g_auto(GStrv) w = g_strsplit (input, " ", -1);
  static const char winds[] = "ESWN";

  g_assert_cmpuint (g_strv_length (w), ==, 5);
  if (!mahjong_hand_parse (w[0], hand, error))
    return FALSE;
  memset (sit, 0, sizeof *sit);
  if (!mcr_flags_parse (w[1], &sit->flags, error))
    return FALSE;
  sit->prevalent_wind = (guint8) (strchr (winds, w[2][0]) - winds);
  sit->seat_wind = (guint8) (strchr (winds, w[3][0]) - winds);
  sit->flowers = (guint8) atoi (w[4]);
  return TRUE;
}

static int
spec_total (const McrResult *res)
{
  int total = 0;

  for (guint i = 0; i < MCR_N_FANS; i++)
    total += res->counts[i] * table.points[i];
  return total;
}

static void
test_table (void)
{
  g_assert_cmpuint (table.n, ==, 81);
  g_assert_cmpint (MCR_N_FANS, ==, 81);
  for (guint i = 0; i < MCR_N_FANS; i++)
    {
      g_assert_cmpstr (mcr_fan_name ((McrFan) i), ==, table.names[i]);
      g_assert_cmpint (mcr_fan_points ((McrFan) i), ==, table.points[i]);
    }
}

static void
test_hands (gconstpointer data)
{
  const SpecHand *h = data;
  g_autoptr(GError) error = NULL;
  MahjongHand hand;
  McrSituation sit;
  McrResult res;

  g_test_message ("line %u: %s", h->line, h->input);
  g_assert_true (parse_input (h->input, &hand, &sit, &error));
  g_assert_no_error (error);
  g_assert_true (mcr_score (&hand, &sit, &res, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < MCR_N_FANS; i++)
    if (res.counts[i] != h->counts[i])
      g_error ("line %u: %s: %s counted %u times, expected %u", h->line, h->input,
               table.names[i], res.counts[i], h->counts[i]);
  g_assert_cmpint (res.total, ==, h->total);
}

/* Every fan of the table is shown by at least one hand of the file. */
static void
test_coverage (gconstpointer data)
{
  const GPtrArray *hands = data;

  for (guint f = 0; f < table.n; f++)
    {
      gboolean seen = FALSE;

      for (guint i = 0; i < hands->len && !seen; i++)
        seen = ((SpecHand *) hands->pdata[i])->counts[f] > 0;
      if (!seen)
        g_error ("no test hand for %s", table.names[f]);
    }
}

static void
test_errors (void)
{
  static const struct { const char *input; int code; } cases[] = {
    { "123m456p789s1234sE discard E E 0", MAHJONG_ERROR_NOT_WINNING },
    { "123m456p789s11sEWN discard E E 0", MAHJONG_ERROR_NOT_WINNING },
    { "123m456p789s11sEW discard E E 0", MAHJONG_ERROR_TILE_COUNT },
    { "123m456p789s11sE discard E E 0", MAHJONG_ERROR_TILE_COUNT },
    { "[123m1]11122233356p discard E E 0", MAHJONG_ERROR_NOT_WINNING },
    { "[234m1][567p2][888s3]34sCC5s discard,kong_replacement S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][8888s3]34sCC5s discard,kong_replacement S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]34sCC5s self_drawn,robbing_kong S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]34sCC5s discard,last_tile_draw S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]34sCC5s self_drawn,last_tile_claim S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]34sCC5s discard,robbing_kong,last_tile_claim S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]345sCC discard,last_tile S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]345sCC discard,robbing_kong S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]345sCC self_drawn,discard S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]345sCC last_tile S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]345sCC discard,discard S W 0", MAHJONG_ERROR_BAD_FLAGS },
    { "[234m1][567p2][888s3]345sCC tsumo S W 0", MAHJONG_ERROR_BAD_FLAGS },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      MahjongHand hand;
      McrSituation sit;
      McrResult res;
      gboolean ok = parse_input (cases[i].input, &hand, &sit, &error);

      if (ok)
        ok = mcr_score (&hand, &sit, &res, &error);
      g_assert_false (ok);
      g_assert_error (error, MAHJONG_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, !=, "");
    }
}

static void
swap_suits (MahjongHand *h)
{
  for (guint r = 0; r < 9; r++)
    {
      guint8 t = h->counts[r];

      h->counts[r] = h->counts[9 + r];
      h->counts[9 + r] = t;
    }
  for (guint i = 0; i < h->n_melds; i++)
    {
      MahjongMeld *m = &h->melds[i];

      if (m->tile < 18)
        {
          guint d = m->tile < 9 ? 9u : 0u;

          m->tile = (guint8) (m->tile % 9 + d);
          if (m->claimed != MAHJONG_NO_TILE)
            m->claimed = (guint8) (m->claimed % 9 + d);
        }
    }
  if (h->last_tile < 18)
    h->last_tile = (guint8) (h->last_tile < 9 ? h->last_tile + 9 : h->last_tile - 9);
}

/* Tile-wide fans checked from the tiles, independently of the calculator's code. */
static void
check_tile_fans (const MahjongHand  *hand,
                 const McrSituation *sit,
                 const McrResult    *res)
{
  guint8 all[MAHJONG_N_KINDS];
  guint suits = 0, n_suits;
  gboolean winds = FALSE, dragons = FALSE, honors;
  guint fours = 0;
  const guint8 *f = res->counts;

  mahjong_hand_all_counts (hand, all);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (all[t] > 0)
      {
        if (t < 27)
          suits |= 1u << (t / 9);
        else if (t < 31)
          winds = TRUE;
        else
          dragons = TRUE;
        fours += all[t] == 4;
      }
  n_suits = (suits & 1) + ((suits >> 1) & 1) + (suits >> 2);
  honors = winds || dragons;

  g_assert_true (!f[MCR_FULL_FLUSH] || (n_suits == 1 && !honors));
  g_assert_true (!(n_suits == 1 && !honors) || f[MCR_FULL_FLUSH] || f[MCR_NINE_GATES]
                 || f[MCR_SEVEN_SHIFTED_PAIRS] || f[MCR_PURE_TERMINAL_CHOWS] || f[MCR_ALL_GREEN]);
  g_assert_cmpint (f[MCR_HALF_FLUSH], ==, n_suits == 1 && honors && !f[MCR_ALL_GREEN]);
  g_assert_cmpint (f[MCR_ONE_VOIDED_SUIT], ==, n_suits == 2 && !f[MCR_REVERSIBLE_TILES]);
  g_assert_true (!f[MCR_ALL_HONORS] || n_suits == 0);
  g_assert_true (!f[MCR_NO_HONORS] || !honors);
  if (!honors && !f[MCR_NO_HONORS])
    g_assert_true (f[MCR_ALL_CHOWS] || f[MCR_ALL_SIMPLES] || f[MCR_FULL_FLUSH] || f[MCR_UPPER_TILES]
                   || f[MCR_MIDDLE_TILES] || f[MCR_LOWER_TILES] || f[MCR_UPPER_FOUR]
                   || f[MCR_LOWER_FOUR] || f[MCR_ALL_TERMINALS] || f[MCR_NINE_GATES]
                   || f[MCR_SEVEN_SHIFTED_PAIRS] || f[MCR_PURE_TERMINAL_CHOWS]
                   || f[MCR_THREE_SUITED_TERMINAL_CHOWS] || f[MCR_ALL_EVEN_PUNGS]
                   || f[MCR_ALL_FIVES] || f[MCR_ALL_GREEN]);
  g_assert_cmpint (f[MCR_ALL_TYPES], ==, n_suits == 3 && winds && dragons
                   && !f[MCR_THIRTEEN_ORPHANS] && !f[MCR_GREATER_HONORS_AND_KNITTED]
                   && !f[MCR_LESSER_HONORS_AND_KNITTED]);
  g_assert_cmpuint (f[MCR_TILE_HOG], <=, fours);
  g_assert_cmpint (f[MCR_FLOWER_TILES], ==, sit->flowers);
  if (sit->flags & MCR_WIN_SELF_DRAWN)
    g_assert_true (f[MCR_SELF_DRAWN] || f[MCR_FULLY_CONCEALED_HAND] || f[MCR_LAST_TILE_DRAW]
                   || f[MCR_OUT_WITH_REPLACEMENT_TILE]);
  else
    g_assert_true (!f[MCR_SELF_DRAWN] && !f[MCR_FULLY_CONCEALED_HAND]);
  if (f[MCR_CHICKEN_HAND])
    for (guint i = 0; i < MCR_FLOWER_TILES; i++)
      g_assert_true (i == MCR_CHICKEN_HAND || f[i] == 0);
  g_assert_cmpint (f[MCR_CONCEALED_HAND] + f[MCR_FULLY_CONCEALED_HAND] + f[MCR_MELDED_HAND], <=, 1);
  g_assert_cmpint (f[MCR_EDGE_WAIT] + f[MCR_CLOSED_WAIT] + f[MCR_SINGLE_WAIT], <=, 1);
}

static void
test_random_properties (void)
{
  ParlorRng rng;
  guint n = g_test_slow () ? 200000 : 20000;

  parlor_rng_init (&rng, 81, 88);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *list = NULL;
      MahjongHand hand, again;
      McrSituation sit;
      McrResult res, more, swapped;

      gen_winning_hand (&rng, &hand);
      gen_situation (&rng, &hand, &sit);
      text = mahjong_hand_to_string (&hand);
      if (!mcr_score (&hand, &sit, &res, &error))
        g_error ("%s (flags %x) does not score: %s", text, sit.flags, error->message);

      /* the total is the sum of the list, flowers included and outside the 8 */
      g_assert_cmpint (res.total, ==, spec_total (&res));
      g_assert_cmpint (res.total, ==, res.total_without_flowers + sit.flowers);
      g_assert_cmpint (res.counts[MCR_FLOWER_TILES], ==, sit.flowers);
      g_assert_cmpint (res.total_without_flowers, >=, 1);
      g_assert_true (res.counts[MCR_CHICKEN_HAND] == 0 || res.total_without_flowers == 8);
      check_tile_fans (&hand, &sit, &res);

      /* the order of the declared sets does not matter */
      if (hand.n_melds >= 2)
        {
          McrResult reordered;

          again = hand;
          again.melds[0] = hand.melds[hand.n_melds - 1];
          again.melds[hand.n_melds - 1] = hand.melds[0];
          g_assert_true (mcr_score (&again, &sit, &reordered, NULL));
          g_assert_cmpmem (reordered.counts, MCR_N_FANS, res.counts, MCR_N_FANS);
        }

      /* one more flower adds exactly one */
      if (sit.flowers < 8)
        {
          sit.flowers++;
          g_assert_true (mcr_score (&hand, &sit, &more, NULL));
          g_assert_cmpint (more.total, ==, res.total + 1);
          g_assert_cmpint (memcmp (more.counts, res.counts, MCR_FLOWER_TILES), ==, 0);
          sit.flowers--;
        }

      /* characters and dots play the same role (Reversible Tiles aside) */
      again = hand;
      swap_suits (&again);
      g_assert_true (mcr_score (&again, &sit, &swapped, NULL));
      if (!res.counts[MCR_REVERSIBLE_TILES] && !swapped.counts[MCR_REVERSIBLE_TILES])
        g_assert_cmpint (swapped.total, ==, res.total);

      /* the printed hand scores the same */
      g_assert_true (mahjong_hand_parse (text, &again, NULL));
      g_assert_true (mahjong_hand_equal (&again, &hand));
      list = mcr_result_to_string (&res);
      g_assert_cmpstr (list, !=, "");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  GPtrArray *hands;
  int status;

  g_test_init (&argc, &argv, NULL);
  spec_table_load (&table);
  path = g_build_filename (MAHJONG_TEST_DATA, "mcr-hands.txt", NULL);
  hands = spec_hands_load (&table, path);

  g_test_add_func ("/mcr/table/names-and-points", test_table);
  g_test_add_data_func ("/mcr/hands/every-fan-covered", hands, test_coverage);
  for (guint i = 0; i < hands->len; i++)
    {
      SpecHand *h = hands->pdata[i];
      g_autofree char *name = g_strdup_printf ("/mcr/hands/line-%03u", h->line);

      g_test_add_data_func (name, h, test_hands);
    }
  g_test_add_func ("/mcr/errors", test_errors);
  g_test_add_func ("/mcr/property/random-winning-hands", test_random_properties);
  status = g_test_run ();
  g_ptr_array_unref (hands);
  return status;
}
