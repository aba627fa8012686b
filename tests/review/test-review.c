/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "parlor-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"
#include "parlor-review.h"
#include "triad-game.h"
#include "triad-solver.h"
#include "triad-view.h"

/* ---- playing a game into a replay ---- */

typedef char *(*PickFunc) (ParlorGame *game,
                           guint       seat,
                           const char *view,
                           guint       move,
                           gpointer    data);

typedef struct
{
  GString *text;
  GArray  *actions;   /* ParlorReviewAction; lines in @lines */
  GPtrArray *lines;
} Record;

static void
record_clear (Record *r)
{
  g_string_free (r->text, TRUE);
  g_array_unref (r->actions);
  g_ptr_array_unref (r->lines);
}

static void
add_events (GString   *text,
            GPtrArray *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      g_autofree char *line = parlor_replay_format_event (g_ptr_array_index (events, i), NULL);

      g_assert_nonnull (line);
      g_string_append_printf (text, "%s\n", line);
    }
  g_ptr_array_set_size (events, 0);
}

/* Plays @game (new) to its end, each waiting seat in order answering with
 * @pick (automatic answers played as a table plays them), and writes its replay. */
static void
play (ParlorGame *game,
      const char *config,
      guint64     seed,
      PickFunc    pick,
      gpointer    data,
      Record     *r)
{
  const ParlorGameInfo *info = parlor_game_get_info (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *header = parlor_replay_format_header ();
  g_autofree char *game_line = parlor_replay_format_game_version (info->id, MAX (info->replay_version, 1),
                                                                  seed, config, NULL);
  g_autofree char *result = NULL;
  g_autofree char *result_line = NULL;
  guint move = 0;

  r->text = g_string_new (NULL);
  r->actions = g_array_new (FALSE, FALSE, sizeof (ParlorReviewAction));
  r->lines = g_ptr_array_new_with_free_func (g_free);
  g_string_append_printf (r->text, "%s\n%s\n", header, game_line);
  for (guint s = 0; s < parlor_game_get_n_seats (game); s++)
    {
      g_autofree char *seat = parlor_replay_format_seat (s, "Player", "ai", NULL, NULL);

      g_string_append_printf (r->text, "%s\n", seat);
    }
  parlor_game_start (game, events);
  add_events (r->text, events);

  while (!parlor_game_is_over (game))
    {
      guint32 waiting = parlor_game_get_waiting (game);
      guint s = 0;
      g_autofree char *action = NULL;
      g_autofree char *action_line = NULL;
      g_autoptr(GError) error = NULL;
      ParlorReviewAction a = { 0 };

      g_assert_cmpuint (waiting, !=, 0);
      while (!(waiting & PARLOR_AUDIENCE_SEAT (s)))
        s++;
      action = parlor_game_get_automatic_action (game, s);
      if (action == NULL)
        {
          g_autofree char *view = parlor_game_view_for (game, (int) s);

          action = pick (game, s, view, move++, data);
        }
      g_assert_nonnull (action);
      action_line = parlor_replay_format_action (s, action, FALSE, NULL);
      g_string_append_printf (r->text, "%s\n", action_line);
      a.seat = s;
      a.line = action;
      g_ptr_array_add (r->lines, g_steal_pointer (&action));
      g_array_append_val (r->actions, a);
      if (!parlor_game_apply (game, s, a.line, events, &error))
        g_error ("%s refuses %s: %s", info->id, a.line, error->message);
      add_events (r->text, events);
    }
  result = parlor_game_get_result (game);
  result_line = parlor_replay_format_result (result, NULL);
  g_string_append_printf (r->text, "%s\n", result_line);
}

/* Every entry in one string, to compare two reviews whole. */
static char *
entries_text (GPtrArray *entries)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      ParlorReviewEntry *e = g_ptr_array_index (entries, i);

      g_string_append_printf (out, "%u %u %u [%s] [%s] [%s] [%s]", e->game, e->step, e->seat,
                              e->played, e->best, e->played_words, e->best_words);
      for (guint f = 0; f < e->cost.n_figures; f++)
        g_string_append_printf (out, " %s=%.6f/%.6f", e->cost.figures[f].key,
                                e->cost.figures[f].played, e->cost.figures[f].best);
      g_string_append_printf (out, " %s\n", e->cost.explanation);
    }
  return g_string_free (out, FALSE);
}

static const ParlorReviewFigure *
figure (const ParlorReviewEntry *e,
        const char              *key)
{
  for (guint f = 0; f < e->cost.n_figures; f++)
    if (g_str_equal (e->cost.figures[f].key, key))
      return &e->cost.figures[f];
  return NULL;
}

static char *
pick_level (ParlorGame *game,
            guint       seat,
            const char *view,
            guint       move,
            gpointer    data)
{
  const ParlorGameInfo *info = parlor_game_get_info (game);
  const char *level = seat == 0 ? info->ai_levels[0] : info->ai_levels[1];
  g_autoptr(GError) error = NULL;
  char *action = info->ai_choose (level, view, 1000 + move, NULL, &error);

  g_assert_no_error (error);
  return action;
}

/* ---- Triple Triad: exactly the moves that lower the solved value ---- */

typedef struct
{
  TriadSolver *solver;
  GHashTable  *lowered;   /* move number → 1 for seat 0's moves that lower the value */
  guint        seat0_moves;
} TriadPlan;

static void
move_values (const char *view_line,
             TriadSolver *solver,
             int          values[TRIAD_N_MOVES],
             int         *top)
{
  TriadView view;
  TriadPosition pos;

  g_assert_true (triad_view_parse (view_line, &view, NULL));
  g_assert_true (view.hand_known[0] && view.hand_known[1]);
  triad_view_to_position (&view, &pos);
  g_assert_true (triad_solver_move_values (solver, &pos, view.rules, values, NULL, NULL));
  *top = -2;
  for (guint m = 0; m < TRIAD_N_MOVES; m++)
    if (values[m] != TRIAD_NO_VALUE)
      *top = MAX (*top, values[m]);
}

/* Seat 0 plays its worst move every other turn and a best one otherwise; seat 1
 * always a best one. */
static char *
pick_triad (ParlorGame *game,
            guint       seat,
            const char *view,
            guint       move,
            gpointer    data)
{
  TriadPlan *plan = data;
  int values[TRIAD_N_MOVES], top, want;
  guint chosen = 0;
  gboolean bad = seat == 0 && plan->seat0_moves++ % 2 == 0;

  move_values (view, plan->solver, values, &top);
  want = top;
  if (bad)
    for (guint m = 0; m < TRIAD_N_MOVES; m++)
      if (values[m] != TRIAD_NO_VALUE)
        want = MIN (want, values[m]);
  for (guint m = 0; m < TRIAD_N_MOVES; m++)
    if (values[m] == want)
      {
        chosen = m;
        break;
      }
  return g_strdup_printf ("place card=%u cell=%u", TRIAD_MOVE_INDEX (chosen),
                          TRIAD_MOVE_CELL (chosen));
}

static void
test_triad_lowered (void)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");
  guint total_lowered = 0;

  for (guint64 seed = 1; seed <= 4; seed++)
    {
      const char *config = "hands=open first=0";
      g_autoptr(TriadSolver) solver = triad_solver_new ();
      g_autoptr(ParlorGame) game = info->new_game (config, seed, NULL);
      g_autoptr(GPtrArray) entries = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(ParlorGame) replayed = info->new_game (config, seed, NULL);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      TriadPlan plan = { solver, NULL, 0 };
      Record r;

      play (game, config, seed, pick_triad, &plan, &r);

      /* The expected steps, from the solver on seat 0's own view. */
      parlor_game_start (replayed, events);
      for (guint i = 0; i < r.actions->len; i++)
        {
          ParlorReviewAction *a = &g_array_index (r.actions, ParlorReviewAction, i);

          if (a->seat == 0)
            {
              g_autofree char *view = parlor_game_view_for (replayed, 0);
              int values[TRIAD_N_MOVES], top;
              g_autoptr(ParlorLine) line = parlor_line_parse (a->line, NULL);
              gint64 index, cell;

              parlor_line_get_int (line, "card", 0, 4, &index, NULL);
              parlor_line_get_int (line, "cell", 0, 8, &cell, NULL);
              move_values (view, solver, values, &top);
              if (values[TRIAD_MOVE (index, cell)] < top)
                g_array_append_val (expected, i);
            }
          g_assert_true (parlor_game_apply (replayed, a->seat, a->line, events, NULL));
        }

      entries = parlor_review_replay (r.text->str, parlor_games_lookup, 0, 7, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (entries->len, ==, expected->len);
      for (guint i = 0; i < entries->len; i++)
        {
          ParlorReviewEntry *e = g_ptr_array_index (entries, i);
          const ParlorReviewFigure *v = figure (e, "value");

          g_assert_cmpuint (e->step, ==, g_array_index (expected, guint, i));
          g_assert_cmpuint (e->seat, ==, 0);
          g_assert_nonnull (v);
          g_assert_cmpfloat (v->played, <, v->best);
          g_assert_true (strstr (e->played_words, "You play") != NULL);
        }
      total_lowered += expected->len;
      record_clear (&r);
    }
  /* The bad moves did lower the value somewhere: the test checks something. */
  g_assert_cmpuint (total_lowered, >, 0);
}

/* Closed hands: the opponent's last card, never seen before seat 1's last
 * decision, differs between two games; seat 1's views are the same, so is its review. */
static char *
pick_first_card (ParlorGame *game,
                 guint       seat,
                 const char *view,
                 guint       move,
                 gpointer    data)
{
  TriadView v;

  g_assert_true (triad_view_parse (view, &v, NULL));
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    if (v.owner[c] == TRIAD_EMPTY)
      return g_strdup_printf ("place card=0 cell=%u", c);
  g_assert_not_reached ();
}

static void
test_triad_hidden (void)
{
  const char *config = "hands=closed first=0";
  TriadCard first[TRIAD_FIRST_HAND], other[TRIAD_FIRST_HAND], second[TRIAD_SECOND_HAND];
  const char *first_text[] = { "5173", "2846", "9133", "4472", "6318" };
  const char *second_text[] = { "3735", "6162", "8244", "2953" };
  char *review[2] = { NULL, NULL };
  char *views[2] = { NULL, NULL };

  for (guint i = 0; i < TRIAD_FIRST_HAND; i++)
    g_assert_true (triad_card_parse (first_text[i], &first[i]));
  for (guint i = 0; i < TRIAD_SECOND_HAND; i++)
    g_assert_true (triad_card_parse (second_text[i], &second[i]));
  memcpy (other, first, sizeof other);
  g_assert_true (triad_card_parse ("7292", &other[4]));

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(TriadGame) game = NULL;
      g_autoptr(TriadGame) g2 = NULL;
      g_autoptr(ParlorGame) fresh = NULL;
      g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_review_entry_free);
      g_autoptr(GPtrArray) events = parlor_event_array_new ();
      g_autoptr(GError) error = NULL;
      GString *seen = g_string_new (NULL);
      Record r;

      game = triad_game_new_with_hands (config, 3, k == 0 ? first : other, second, NULL);
      g_assert_nonnull (game);
      play (PARLOR_GAME (game), config, 3, pick_first_card, NULL, &r);

      /* seat 1's views, to show they are the same in both games */
      g2 = triad_game_new_with_hands (config, 3, k == 0 ? first : other, second, NULL);
      parlor_game_start (PARLOR_GAME (g2), events);
      for (guint i = 0; i < r.actions->len; i++)
        {
          ParlorReviewAction *a = &g_array_index (r.actions, ParlorReviewAction, i);

          if (a->seat == 1)
            {
              g_autofree char *view = parlor_game_view_for (PARLOR_GAME (g2), 1);

              g_string_append_printf (seen, "%s\n", view);
            }
          g_assert_true (parlor_game_apply (PARLOR_GAME (g2), a->seat, a->line, events, NULL));
        }
      views[k] = g_string_free (seen, FALSE);

      fresh = PARLOR_GAME (triad_game_new_with_hands (config, 3, k == 0 ? first : other, second,
                                                      NULL));
      g_assert_true (parlor_review_actions (fresh, (ParlorReviewAction *) (gpointer) r.actions->data,
                                            r.actions->len, FALSE, 1, 0, 11, NULL, entries, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (entries->len, >, 0);
      review[k] = entries_text (entries);
      record_clear (&r);
    }
  g_assert_cmpstr (views[0], ==, views[1]);
  g_assert_cmpstr (review[0], ==, review[1]);
  for (guint k = 0; k < 2; k++)
    {
      g_free (views[k]);
      g_free (review[k]);
    }
}

/* ---- the other games: deterministic, and judged from the view alone ---- */

static void
test_deterministic (gconstpointer data)
{
  const char *id = data;
  const ParlorGameInfo *info = parlor_games_lookup (id);
  const char *config = g_str_equal (id, "mcr") ? "hands=1" : "";
  g_autoptr(ParlorGame) game = info->new_game (config, 5, NULL);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  Record r;

  g_assert_nonnull (game);
  play (game, config, 5, pick_level, NULL, &r);
  first = parlor_review_replay (r.text->str, parlor_games_lookup, 0, 3, NULL, &error);
  g_assert_no_error (error);
  second = parlor_review_replay (r.text->str, parlor_games_lookup, 0, 3, NULL, &error);
  g_assert_no_error (error);
  a = entries_text (first);
  b = entries_text (second);
  g_assert_cmpstr (a, ==, b);
  /* The weakest level makes mistakes the strongest sees. */
  g_assert_cmpuint (first->len, >, 0);

  /* Each entry again from its view line alone. */
  for (guint i = 0; i < first->len; i++)
    {
      ParlorReviewEntry *e = g_ptr_array_index (first, i);
      g_autoptr(ParlorReviewEntry) alone = parlor_review_decision (info, e->view, e->played, 3,
                                                                   NULL, &error);
      g_autoptr(GPtrArray) one = g_ptr_array_new ();
      g_autofree char *x = NULL;
      g_autofree char *y = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (alone);
      alone->game = e->game;
      alone->step = e->step;
      alone->seat = e->seat;
      g_ptr_array_add (one, alone);
      x = entries_text (one);
      g_ptr_array_set_size (one, 0);
      g_ptr_array_add (one, e);
      y = entries_text (one);
      g_ptr_array_set_size (one, 0);
      g_assert_cmpstr (x, ==, y);
    }
  record_clear (&r);
}

/* ---- hand-checked discards ---- */

/* Reviews @played against @best on @view; the shanten figures must be as counted by hand. */
static void
check_discard (const char *id,
               const char *view,
               const char *played,
               const char *best,
               int         played_shanten,
               int         best_shanten)
{
  const ParlorGameInfo *info = parlor_games_lookup (id);
  ParlorReviewCost cost = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorReviewEntry) entry = NULL;
  g_autoptr(ParlorReviewEntry) same = NULL;
  const ParlorReviewFigure *sh = NULL;

  g_assert_true (info->review_cost (view, played, best, 1, NULL, &cost, &error));
  g_assert_no_error (error);
  g_assert_true (cost.worse);
  for (guint f = 0; f < cost.n_figures; f++)
    if (g_str_equal (cost.figures[f].key, "shanten"))
      sh = &cost.figures[f];
  g_assert_nonnull (sh);
  g_assert_cmpint ((int) sh->played, ==, played_shanten);
  g_assert_cmpint ((int) sh->best, ==, best_shanten);
  g_assert_nonnull (cost.explanation);
  parlor_review_cost_clear (&cost);

  /* The same discard both ways is no loss. */
  g_assert_true (info->review_cost (view, best, best, 1, NULL, &cost, &error));
  g_assert_false (cost.worse);
  parlor_review_cost_clear (&cost);

  /* The strongest player throws the isolated tile, and the review lists the other. */
  entry = parlor_review_decision (info, view, played, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->best, ==, best);
  same = parlor_review_decision (info, view, best, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (same);
}

static void
test_mcr_discard (void)
{
  /* 123m 456m 789m 23p 55s + an East: throwing East leaves a ready hand (waits 1p, 4p);
   * throwing 8m breaks a set: 123m 456m 79m 23p 55s E is one away. */
  check_discard ("mcr",
                 "view seat=0 hand=1 of=16 dealer=0 prevalent=E wall=79 scores=0,0,0,0 "
                 "flowers=0,0,0,0 phase=turn turn=0 d0=- m0=- n0=14 d1=- m1=- n1=13 d2=- m2=- "
                 "n2=13 d3=- m3=- n3=13 mine=1m2m3m4m5m6m7m8m9m2p3p5s5sE drawn=E ask=turn "
                 "actions=discard:1m,discard:2m,discard:3m,discard:4m,discard:5m,discard:6m,"
                 "discard:7m,discard:8m,discard:9m,discard:2p,discard:3p,discard:5s,discard:E",
                 "discard tile=8m", "discard tile=E", 1, 0);
}

static void
test_jihai_discard (void)
{
  /* EEE SSS W N: throwing W waits on N for the pair (ready); throwing an East breaks a
   * set: EE SSS W N needs two tiles more (one away). */
  check_discard ("jihai",
                 "view seat=0 hand=1 starter=0 turn=0 ask=turn score0=15 score1=15 wall=20 "
                 "tiles=EEESSSWN drawn=N concealed0=8 concealed1=7 melds0=- melds1=- "
                 "discards0=- discards1=- discarded0=- discarded1=- claim=- actions=discard over=0",
                 "discard E", "discard W", 1, 0);
}

static void
test_suzume_discard (void)
{
  /* 111 99 + a green dragon: throwing the dragon waits on a 9 (all terminals);
   * throwing a 1 leaves 11 99 F, two tiles away (one away). */
  check_discard ("suzume",
                 "view seat=0 seats=2 deals=1 hand-number=1 hands=4 dealer=1 turn=0 ask=discard "
                 "hand=1s,1s,1s,9s,9s,F drawn=F dora=C wall=20 scores=40,40 d0=- d1=-",
                 "discard 1s", "discard F", 1, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/review/triad/lowered-value", test_triad_lowered);
  g_test_add_func ("/review/triad/hidden-cards", test_triad_hidden);
  g_test_add_data_func ("/review/manhattan/deterministic", "manhattan", test_deterministic);
  g_test_add_data_func ("/review/mcr/deterministic", "mcr", test_deterministic);
  g_test_add_data_func ("/review/jihai/deterministic", "jihai", test_deterministic);
  g_test_add_data_func ("/review/suzume/deterministic", "suzume", test_deterministic);
  g_test_add_func ("/review/mcr/bad-discard", test_mcr_discard);
  g_test_add_func ("/review/jihai/bad-discard", test_jihai_discard);
  g_test_add_func ("/review/suzume/bad-discard", test_suzume_discard);

  return g_test_run ();
}
