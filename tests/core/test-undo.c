/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "parlor-replay.h"
#include "parlor-table.h"
#include "jihai/jihai-game.h"
#include "manhattan/manhattan-game.h"
#include "triad/triad-game.h"

/*
 * Undo and tables made from records, on real games: every seat is played
 * here by a seeded choice among its legal moves (the computer players'
 * threads are the table's business, not the record's).
 */

typedef struct
{
  const ParlorGameInfo *info;
  const char           *config;
} Case;

static ParlorTable *
new_table (const Case *c,
           guint64     seed)
{
  g_autoptr(GError) error = NULL;
  ParlorTable *table = parlor_table_new (c->info, c->config, seed, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < parlor_table_get_n_seats (table); i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", i);

      parlor_table_add_player_at (table, i, i == 0 ? PARLOR_SEAT_LOCAL : PARLOR_SEAT_REMOTE,
                                  name, NULL);
    }
  g_assert_true (parlor_table_start (table, &error));
  g_assert_no_error (error);
  return table;
}

/* The lowest seat the game waits for plays one of its legal moves. */
static char *
play_one (ParlorTable *table,
          ParlorRng   *rng,
          guint       *seat)
{
  ParlorGame *game = parlor_table_get_game (table);
  guint32 waiting = parlor_game_get_waiting (game);
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GError) error = NULL;
  char *action;

  g_assert_cmpuint (waiting, !=, 0);
  *seat = g_bit_nth_lsf (waiting, -1);
  legal = parlor_game_legal_actions (game, *seat);
  g_assert_nonnull (legal);
  g_assert_cmpuint (legal->len, >, 0);
  action = g_strdup (g_ptr_array_index (legal, parlor_rng_below (rng, legal->len)));
  g_assert_true (parlor_table_submit (table, *seat, action, &error));
  g_assert_no_error (error);
  return action;
}

static GPtrArray *
all_views (ParlorTable *table)
{
  GPtrArray *views = g_ptr_array_new_with_free_func (g_free);

  for (int i = -1; i < (int) parlor_table_get_n_seats (table); i++)
    g_ptr_array_add (views, parlor_table_view_for (table, i));
  return views;
}

static void
assert_same_views (GPtrArray *a,
                   GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, g_ptr_array_index (b, i));
}

static void
assert_same_record (ParlorTable *a,
                    ParlorTable *b)
{
  GPtrArray *ra = parlor_table_get_record (a);
  GPtrArray *rb = parlor_table_get_record (b);

  g_assert_cmpuint (ra->len, ==, rb->len);
  for (guint i = 0; i < ra->len; i++)
    g_assert_cmpstr (g_ptr_array_index (ra, i), ==, g_ptr_array_index (rb, i));
}

/* Seat 0 moves a few times among the others' moves; undo takes it back to
 * before its last move, with the same views for every seat, and the same
 * move then gives the very same game, record and all. */
static void
test_undo_same_game (gconstpointer data)
{
  const Case *c = data;

  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr(ParlorTable) table = new_table (c, seed);
      g_autoptr(ParlorTable) undone = NULL;
      g_autoptr(GPtrArray) before = NULL;
      g_autoptr(GPtrArray) after = NULL;
      g_autoptr(GPtrArray) later = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      g_autofree char *mine = NULL;
      GArray *later_seats = g_array_new (FALSE, FALSE, sizeof (guint));
      ParlorRng rng;
      guint own_moves = 0;
      guint target = 2 + seed % 3;

      parlor_rng_init (&rng, seed, 99);
      g_assert_cmpint (parlor_table_get_undo_point (table, 0), ==, -1);
      undone = parlor_table_undo (table, 0, &error);
      g_assert_null (undone);
      g_assert_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN);
      g_clear_error (&error);

      /* Play until seat 0 is to make its target-th move, keep the views,
       * make it, then let the others (and maybe seat 0 again) go on. */
      while (!parlor_table_is_over (table))
        {
          guint seat;
          guint32 waiting = parlor_game_get_waiting (parlor_table_get_game (table));
          g_autofree char *automatic =
            parlor_game_get_automatic_action (parlor_table_get_game (table), 0);
          g_autofree char *action = NULL;
          /* A pass the table plays for seat 0 is no decision of its own. */
          gboolean own = g_bit_nth_lsf (waiting, -1) == 0 && automatic == NULL;

          if (own && own_moves + 1 == target && before == NULL)
            before = all_views (table);
          action = play_one (table, &rng, &seat);
          if (own && ++own_moves == target)
            {
              mine = g_steal_pointer (&action);
              break;
            }
        }
      if (mine == NULL)
        {
          g_array_unref (later_seats);
          continue;   /* the game ended first: nothing to undo to */
        }
      /* The others' moves up to seat 0's next turn. */
      for (guint i = 0; i < 6 && !parlor_table_is_over (table); i++)
        {
          guint seat;
          char *action;

          g_autofree char *automatic =
            parlor_game_get_automatic_action (parlor_table_get_game (table), 0);

          if (g_bit_nth_lsf (parlor_game_get_waiting (parlor_table_get_game (table)), -1) == 0 &&
              automatic == NULL)
            break;
          action = play_one (table, &rng, &seat);
          g_ptr_array_add (later, action);
          g_array_append_val (later_seats, seat);
        }
      after = all_views (table);

      /* Undo: back to before seat 0's last move, others' moves gone too. */
      undone = parlor_table_undo (table, 0, &error);
      g_assert_no_error (error);
      g_assert_nonnull (undone);
      g_assert_false (parlor_table_is_started (undone));
      g_assert_true (parlor_table_start (undone, &error));
      g_assert_no_error (error);
      {
        g_autoptr(GPtrArray) now = all_views (undone);

        assert_same_views (before, now);
      }
      g_assert_true (parlor_game_is_waiting_for (parlor_table_get_game (undone), 0));
      for (guint i = 0; i < parlor_table_get_n_seats (table); i++)
        {
          g_assert_cmpstr (parlor_table_get_seat_name (undone, i), ==,
                           parlor_table_get_seat_name (table, i));
          g_assert_cmpint (parlor_table_get_seat_kind (undone, i), ==,
                           parlor_table_get_seat_kind (table, i));
        }

      /* The same move, and the same moves after it: the same game. */
      g_assert_true (parlor_table_submit (undone, 0, mine, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < later->len; i++)
        {
          g_assert_true (parlor_table_submit (undone, g_array_index (later_seats, guint, i),
                                              g_ptr_array_index (later, i), &error));
          g_assert_no_error (error);
        }
      {
        g_autoptr(GPtrArray) now = all_views (undone);

        assert_same_views (after, now);
      }
      assert_same_record (table, undone);
      parlor_table_stop (table);
      parlor_table_stop (undone);
      g_array_unref (later_seats);
    }
}

static const ParlorGameInfo *
lookup (const char *id)
{
  if (g_str_equal (id, triad_game_info.id))
    return &triad_game_info;
  return NULL;
}

/* A whole record read back: the same views, and a record that verifies. */
static void
test_from_record_whole (void)
{
  static const Case c = { &triad_game_info, "" };
  g_autoptr(ParlorTable) table = new_table (&c, 5);
  g_autoptr(ParlorTable) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) a = NULL;
  g_autoptr(GPtrArray) b = NULL;
  GPtrArray *record;
  ParlorRng rng;

  parlor_rng_init (&rng, 5, 1);
  for (guint i = 0; i < 4; i++)
    {
      guint seat;

      g_free (play_one (table, &rng, &seat));
    }
  record = parlor_table_get_record (table);
  copy = parlor_table_new_from_record (&triad_game_info, (const char * const *) record->pdata,
                                       record->len, -1, &error);
  g_assert_no_error (error);
  g_assert_true (parlor_table_start (copy, &error));
  a = all_views (table);
  b = all_views (copy);
  assert_same_views (a, b);
  assert_same_record (table, copy);
  {
    g_autofree char *text = NULL;

    g_ptr_array_add (record, NULL);
    text = g_strjoinv ("\n", (char **) record->pdata);
    g_ptr_array_remove_index (record, record->len - 1);
    g_assert_true (parlor_replay_verify (text, lookup, NULL, &error));
    g_assert_no_error (error);
  }
  parlor_table_stop (table);
  parlor_table_stop (copy);
}

/* Records from other versions, other games or other rules are refused. */
static void
test_from_record_refused (void)
{
  static const char *other_version[] = { "replay version=99", "game id=triad seed=1 config=" };
  static const char *other_game[] = { "replay version=1", "game id=manhattan seed=1 config=" };
  static const char *no_seats[] = { "replay version=1", "game id=triad seed=1 config=" };
  static const char *garbage[] = { "replay version=1", "game id=triad seed=1 config=", "%%%" };
  static const char *illegal[] = {
    "replay version=1", "game id=triad seed=1 config=",
    "seat index=0 name=A kind=local", "seat index=1 name=B kind=ai level=easy",
    "action seat=0 line=place%20card%3D9%20cell%3D9",
  };
  struct { const char **lines; guint n; int code; } cases[] = {
    { other_version, G_N_ELEMENTS (other_version), PARLOR_REPLAY_ERROR_SYNTAX },
    { other_game, G_N_ELEMENTS (other_game), PARLOR_REPLAY_ERROR_UNKNOWN_GAME },
    { no_seats, G_N_ELEMENTS (no_seats), PARLOR_REPLAY_ERROR_SYNTAX },
    { garbage, G_N_ELEMENTS (garbage), PARLOR_REPLAY_ERROR_SYNTAX },
    { illegal, G_N_ELEMENTS (illegal), PARLOR_REPLAY_ERROR_MISMATCH },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorTable) table =
        parlor_table_new_from_record (&triad_game_info, cases[i].lines, cases[i].n, -1, &error);

      g_assert_null (table);
      g_assert_error (error, PARLOR_REPLAY_ERROR, cases[i].code);
    }
}

int
main (int   argc,
      char *argv[])
{
  static const Case triad = { &triad_game_info, "" };
  static const Case manhattan = { &manhattan_game_info, "" };
  static const Case jihai = { &jihai_game_info, "" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/undo/same-game/triad", &triad, test_undo_same_game);
  g_test_add_data_func ("/undo/same-game/manhattan", &manhattan, test_undo_same_game);
  g_test_add_data_func ("/undo/same-game/jihai", &jihai, test_undo_same_game);
  g_test_add_func ("/undo/from-record/whole", test_from_record_whole);
  g_test_add_func ("/undo/from-record/refused", test_from_record_refused);
  return g_test_run ();
}
