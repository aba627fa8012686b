/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>

#include "jihai-score.h"
#include "mahjong-mcr.h"
#include "parlor-games.h"
#include "suzume-score.h"

static const char *
label (const char *game_id,
       const char *id)
{
  const ParlorGameInfo *info = parlor_games_lookup (game_id);

  g_assert_nonnull (info);
  g_assert_nonnull (info->score_label);
  return info->score_label (id);
}

/* Every id in a game's lines has a name; untranslated, a fan or a scoring
 * line reads as the spec names it (Suzume-jong's yaku have names of their own). */
static void
test_every_id (void)
{
  for (guint f = 0; f < MCR_N_FANS; f++)
    g_assert_cmpstr (label ("mcr", mcr_fan_name ((McrFan) f)), ==, mcr_fan_name ((McrFan) f));
  for (guint y = 0; y < SUZUME_N_YAKU; y++)
    g_assert_nonnull (label ("suzume", suzume_yaku_id ((SuzumeYaku) y)));
  for (guint l = 0; l < JIHAI_N_LINES; l++)
    g_assert_cmpstr (label ("jihai", jihai_line_id ((JihaiLine) l)), ==,
                     jihai_line_label ((JihaiLine) l));
}

static void
test_unknown (void)
{
  static const char * const games[] = { "mcr", "suzume", "jihai" };
  static const char * const ids[] = { "", "nonsense", "Run ", "all_green", "Pure  Straight" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
      g_assert_null (label (games[g], ids[i]));
}

/* A seat is named only where every name before it is known too; otherwise
 * a player is "Player N", counted from one. */
static void
test_seat_name (void)
{
  const char * const two[] = { "Ana", "Bo", NULL };
  const char * const gap[] = { NULL, "Bo", NULL };
  g_autofree char *named = parlor_game_player_name (two, 1);
  g_autofree char *past = parlor_game_player_name (two, 3);
  g_autofree char *none = parlor_game_player_name (NULL, 0);

  g_assert_cmpstr (parlor_game_seat_name (two, 0), ==, "Ana");
  g_assert_cmpstr (parlor_game_seat_name (two, 1), ==, "Bo");
  g_assert_null (parlor_game_seat_name (two, 2));
  g_assert_null (parlor_game_seat_name (two, 5));
  g_assert_null (parlor_game_seat_name (gap, 1));
  g_assert_null (parlor_game_seat_name (NULL, 0));
  g_assert_cmpstr (named, ==, "Bo");
  g_assert_cmpstr (past, ==, "Player 4");
  g_assert_cmpstr (none, ==, "Player 1");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/score-label/every-id", test_every_id);
  g_test_add_func ("/score-label/unknown", test_unknown);
  g_test_add_func ("/game-words/seat-name", test_seat_name);
  return g_test_run ();
}
