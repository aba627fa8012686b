/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "nim-ai.h"
#include "nim-game.h"
#include "nim-view.h"

/* Taking more than three, more than the pile, or out of turn is refused. */
static void
test_rules_take (void)
{
  NimState state;

  nim_rules_init (&state, 5, 0);
  g_assert_false (nim_rules_take (&state, 1, 1));
  g_assert_false (nim_rules_take (&state, 0, 4));
  g_assert_false (nim_rules_take (&state, 0, 0));
  g_assert_true (nim_rules_take (&state, 0, 3));
  g_assert_cmpuint (state.turn, ==, 1);
  g_assert_false (nim_rules_take (&state, 1, 3));
  g_assert_true (nim_rules_take (&state, 1, 2));
  g_assert_cmpint (state.winner, ==, 1);
  g_assert_cmpuint (nim_rules_max (&state, 0), ==, 0);
}

/* Every view carries exactly its seat's legal actions. */
static void
test_view_actions (void)
{
  for (guint pile = 0; pile <= 24; pile++)
    for (int seat = -1; seat < NIM_N_SEATS; seat++)
      {
        NimState state;
        NimView view;
        g_autofree char *line = NULL;
        g_autoptr(GError) error = NULL;
        guint max;

        nim_rules_init (&state, pile, 1);
        if (pile == 0)
          state.winner = 0;
        line = nim_view_to_line (&state, seat);
        g_assert_true (nim_view_parse (line, &view, &error));
        g_assert_no_error (error);
        max = seat >= 0 ? nim_rules_max (&state, (guint) seat) : 0;
        g_assert_cmpuint (view.n_actions, ==, max);
        for (guint k = 0; k < max; k++)
          {
            g_autofree char *want = g_strdup_printf ("take %u", k + 1);

            g_assert_cmpstr (view.actions[k], ==, want);
          }
      }
}

/* A view whose moves do not fit the rest of the line is refused in words. */
static void
test_view_refuses (void)
{
  static const char * const bad[] = {
    "view seat=0 pile=2 turn=0 winner=-1 actions=take%203",
    "view seat=0 pile=5 turn=0 winner=-1 actions=jump",
    "view seat=0 pile=5 turn=0 winner=-1 actions=take%200",
    "view seat=0 pile=5 turn=1 winner=-1 actions=take%201",
    "view seat=0 pile=0 turn=0 winner=1 actions=take%201",
    "view seat=-1 pile=5 turn=0 winner=-1 actions=take%201",
    "view seat=0 pile=5 turn=0 winner=-1 actions=take%201,take%201",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      NimView view;
      g_autoptr(GError) error = NULL;

      g_assert_false (nim_view_parse (bad[i], &view, &error));
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, !=, "");
    }
}

/* From a pile that is no multiple of four, the perfect player always wins. */
static void
test_perfect_wins (void)
{
  for (guint64 seed = 1; seed <= 60; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorGame) game = nim_game_info.new_game ("first=0", seed, &error);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autofree char *result = NULL;
      g_autofree char *first_view = NULL;
      NimView view;
      guint step = 0;

      g_assert_no_error (error);
      parlor_game_start (game, events);
      first_view = parlor_game_view_for (game, 0);
      g_assert_true (nim_view_parse (first_view, &view, NULL));
      while (!parlor_game_is_over (game))
        {
          guint seat = parlor_game_is_waiting_for (game, 0) ? 0 : 1;
          g_autofree char *line = parlor_game_view_for (game, (int) seat);
          g_autofree char *action = nim_ai_choose (seat == 0 ? "perfect" : "random", line,
                                                   seed * 100 + step++, NULL, &error);

          g_assert_no_error (error);
          g_assert_true (parlor_game_apply (game, seat, action, events, &error));
          g_assert_no_error (error);
        }
      result = parlor_game_get_result (game);
      if (view.pile % 4 != 0)
        g_assert_cmpstr (result, ==, "result winner=0");
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/nim/rules/take", test_rules_take);
  g_test_add_func ("/nim/view/actions", test_view_actions);
  g_test_add_func ("/nim/view/refuses", test_view_refuses);
  g_test_add_func ("/nim/ai/perfect-wins", test_perfect_wins);
  return g_test_run ();
}
