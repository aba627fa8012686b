/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "parlor-line.h"
#include "manhattan-game-private.h"
#include "manhattan-view.h"

static guint n_games = 300;

/* A second, simple model of the board, kept from the public "play" events only. */
typedef struct
{
  int storeys[6][9][4];
  int owner[6][9];
  int blocks_placed[4];
  int totals[4];
  int set_aside_blocks[4];
  int set_aside_storeys[4];
} Recount;

static int
event_int (const ParlorLine *line,
           const char       *key)
{
  const char *v = parlor_line_get (line, key);

  g_assert_nonnull (v);
  return atoi (v);
}

/* Round score of @seat from the board, by the rules, written independently of the engine. */
static void
recount_round (const Recount *rc,
               int            out[4][3])
{
  int tallest = 0, n_tallest = 0, tallest_owner = -1;

  memset (out, 0, sizeof (int) * 12);
  for (int c = 0; c < 6; c++)
    {
      int per[4] = { 0 };
      int top = 0, n_top = 0, top_seat = -1;

      for (int s = 0; s < 9; s++)
        {
          int h = rc->storeys[c][s][0] + rc->storeys[c][s][1] + rc->storeys[c][s][2] +
                  rc->storeys[c][s][3];

          if (h == 0)
            continue;
          per[rc->owner[c][s]]++;
          out[rc->owner[c][s]][2]++;
          if (h > tallest)
            {
              tallest = h;
              n_tallest = 1;
              tallest_owner = rc->owner[c][s];
            }
          else if (h == tallest)
            n_tallest++;
        }
      for (int p = 0; p < 4; p++)
        if (per[p] > top)
          top = per[p];
      for (int p = 0; p < 4; p++)
        if (per[p] == top && top > 0)
          {
            n_top++;
            top_seat = p;
          }
      if (n_top == 1)
        out[top_seat][1] += 2;
    }
  if (n_tallest == 1)
    out[tallest_owner][0] = 3;
}

static void
check_events (Recount   *rc,
              GPtrArray *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      ParlorEvent *e = g_ptr_array_index (events, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(ParlorLine) line = parlor_line_parse (e->line, &error);
      const char *type;

      g_assert_no_error (error);
      type = parlor_line_get_type (line);
      if (g_str_equal (type, "play"))
        {
          int seat = event_int (line, "seat"), city = event_int (line, "city");
          int spot = event_int (line, "row") * 3 + event_int (line, "col");
          int block = event_int (line, "block");
          int others = 0;

          /* The placement rule, checked again from the recount. */
          for (int p = 0; p < 4; p++)
            if (p != seat)
              others = MAX (others, rc->storeys[city][spot][p]);
          g_assert_cmpint (rc->storeys[city][spot][seat] + block, >=, others);
          rc->storeys[city][spot][seat] += block;
          rc->owner[city][spot] = seat;
          rc->blocks_placed[seat]++;
          g_assert_cmpint (event_int (line, "height"), ==,
                           rc->storeys[city][spot][0] + rc->storeys[city][spot][1] +
                           rc->storeys[city][spot][2] + rc->storeys[city][spot][3]);
        }
      else if (g_str_equal (type, "set-aside"))
        {
          rc->set_aside_blocks[event_int (line, "seat")]++;
          rc->set_aside_storeys[event_int (line, "seat")] += event_int (line, "block");
        }
      else if (g_str_equal (type, "score"))
        {
          int expected[4][3];
          int seat = event_int (line, "seat");

          recount_round (rc, expected);
          g_assert_cmpint (event_int (line, "tallest"), ==, expected[seat][0]);
          g_assert_cmpint (event_int (line, "majority"), ==, expected[seat][1]);
          g_assert_cmpint (event_int (line, "buildings"), ==, expected[seat][2]);
          rc->totals[seat] += expected[seat][0] + expected[seat][1] + expected[seat][2];
          g_assert_cmpint (event_int (line, "total"), ==, rc->totals[seat]);
        }
    }
}

static void
check_cards (const ManhattanState *st)
{
  int n = st->deck_len - st->deck_pos;

  for (int p = 0; p < 9; p++)
    {
      n += st->discard[p];
      for (int s = 0; s < 4; s++)
        n += st->hand[s][p];
    }
  g_assert_cmpint (n, ==, 45);
}

static void
check_agreement (ManhattanGame *game)
{
  for (int s = 0; s < 4; s++)
    {
      g_autoptr(GPtrArray) from_game = parlor_game_legal_actions (PARLOR_GAME (game), s);
      g_autoptr(GPtrArray) from_view = NULL;
      g_autofree char *line = parlor_game_view_for (PARLOR_GAME (game), s);
      g_autoptr(GError) error = NULL;
      ManhattanView view;

      g_assert_true (manhattan_view_parse (line, &view, &error));
      g_assert_no_error (error);
      from_view = manhattan_view_legal_actions (&view);
      g_assert_cmpuint (from_game->len, ==, from_view->len);
      for (guint i = 0; i < from_game->len; i++)
        g_assert_cmpstr (g_ptr_array_index (from_game, i), ==, g_ptr_array_index (from_view, i));
      g_assert_cmpint ((parlor_game_get_waiting (PARLOR_GAME (game)) >> s) & 1, ==,
                       from_game->len > 0);
      g_assert_true (view.has_actions);
      /* At most four cards by four block sizes, each "P.B@CITIES,". */
      g_assert_cmpuint (strlen (strstr (line, " actions=")), <=, strlen (" actions=play:") + 16 * 11);

      /* Every play the engine's checks accept is listed, and nothing else. */
      for (int card = 0; card < 9; card++)
        for (int city = 0; city < 6; city++)
          for (int block = 1; block <= 4; block++)
            {
              g_autofree char *action = g_strdup_printf ("play card=%d city=%d block=%d",
                                                         card, city, block);
              gboolean listed = FALSE;

              for (guint i = 0; i < from_game->len && !listed; i++)
                listed = g_str_equal (g_ptr_array_index (from_game, i), action);
              g_assert_cmpint (manhattan_state_check_play (manhattan_game_get_state (game), s,
                                                           card, city, block, NULL), ==, listed);
              g_assert_cmpint ((view.play_cities[card][block] >> city) & 1, ==, listed);
            }
    }
}

static void
play_random_game (guint64 seed,
                  gboolean thorough)
{
  g_autoptr(ManhattanGame) game = manhattan_game_new (seed);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autofree char *result = NULL;
  g_autoptr(ParlorLine) result_line = NULL;
  Recount rc = { 0 };
  ParlorRng rng;
  guint steps = 0;
  int ranks[4];
  int buildings[4] = { 0 };
  int tallest = 0, n_tallest = 0, tallest_owner = -1;

  parlor_rng_init (&rng, seed, 99);
  memset (rc.owner, -1, sizeof rc.owner);
  parlor_game_start (PARLOR_GAME (game), events);
  check_events (&rc, events);

  while (!parlor_game_is_over (PARLOR_GAME (game)))
    {
      guint32 waiting = parlor_game_get_waiting (PARLOR_GAME (game));
      int seat = -1;

      g_assert_cmpuint (waiting, !=, 0);
      if (thorough)
        check_agreement (game);
      for (int s = 0; s < 4 && seat < 0; s++)
        if (waiting & (1u << s))
          seat = s;
      {
        g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, &rng);
        g_autoptr(GError) error = NULL;

        g_assert_nonnull (action);
        g_ptr_array_set_size (events, 0);
        g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, &error));
        g_assert_no_error (error);
      }
      check_events (&rc, events);
      check_cards (st);
      g_assert_cmpuint (++steps, <, 500);
    }

  for (int s = 0; s < 4; s++)
    {
      int storeys = 0;

      for (int c = 0; c < 6; c++)
        for (int p = 0; p < 9; p++)
          {
            storeys += rc.storeys[c][p][s];
            g_assert_cmpint (st->board.storeys[c][p][s], ==, rc.storeys[c][p][s]);
            g_assert_cmpint (st->board.owner[c][p], ==, rc.owner[c][p]);
          }
      /* Every block is placed except those set aside; storeys are conserved. */
      g_assert_cmpint (rc.blocks_placed[s] + rc.set_aside_blocks[s], ==, 24);
      g_assert_cmpint (storeys + rc.set_aside_storeys[s], ==, 47);
      g_assert_cmpint (st->scores[s], ==, rc.totals[s]);
    }

  /* The ranking, recomputed from the recount. */
  for (int c = 0; c < 6; c++)
    for (int p = 0; p < 9; p++)
      {
        int h = rc.storeys[c][p][0] + rc.storeys[c][p][1] + rc.storeys[c][p][2] + rc.storeys[c][p][3];

        if (h == 0)
          continue;
        buildings[rc.owner[c][p]]++;
        if (h > tallest)
          {
            tallest = h;
            n_tallest = 1;
            tallest_owner = rc.owner[c][p];
          }
        else if (h == tallest)
          n_tallest++;
      }
  if (n_tallest != 1)
    tallest_owner = -1;
  for (int s = 0; s < 4; s++)
    {
      ranks[s] = 1;
      for (int t = 0; t < 4; t++)
        if (rc.totals[t] > rc.totals[s] ||
            (rc.totals[t] == rc.totals[s] && t == tallest_owner && s != tallest_owner) ||
            (rc.totals[t] == rc.totals[s] && (t == tallest_owner) == (s == tallest_owner) &&
             buildings[t] > buildings[s]))
          ranks[s]++;
    }
  result = parlor_game_get_result (PARLOR_GAME (game));
  g_assert_nonnull (result);
  result_line = parlor_line_parse (result, NULL);
  {
    g_autofree char *expected_ranks = g_strdup_printf ("%d,%d,%d,%d", ranks[0], ranks[1],
                                                       ranks[2], ranks[3]);
    g_autofree char *expected_scores = g_strdup_printf ("%d,%d,%d,%d", rc.totals[0], rc.totals[1],
                                                        rc.totals[2], rc.totals[3]);

    g_assert_cmpstr (parlor_line_get (result_line, "ranks"), ==, expected_ranks);
    g_assert_cmpstr (parlor_line_get (result_line, "scores"), ==, expected_scores);
  }
}

static void
test_random_games (void)
{
  for (guint i = 0; i < n_games; i++)
    play_random_game (1000 + i, i < 40);
}

static void
test_same_seed_same_game (void)
{
  for (guint64 seed = 1; seed <= 3; seed++)
    {
      char *views[2] = { NULL, NULL };

      for (int k = 0; k < 2; k++)
        {
          g_autoptr(ManhattanGame) game = manhattan_game_new (seed);
          g_autoptr(GPtrArray) events = parlor_event_array_new ();
          GString *all = g_string_new (NULL);
          ParlorRng rng;

          parlor_rng_init (&rng, seed, 5);
          parlor_game_start (PARLOR_GAME (game), events);
          while (!parlor_game_is_over (PARLOR_GAME (game)))
            {
              guint32 waiting = parlor_game_get_waiting (PARLOR_GAME (game));
              int seat = __builtin_ctz (waiting);
              g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, &rng);

              g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, NULL));
            }
          for (guint i = 0; i < events->len; i++)
            g_string_append_printf (all, "%s\n", ((ParlorEvent *) g_ptr_array_index (events, i))->line);
          views[k] = g_string_free (all, FALSE);
        }
      g_assert_cmpstr (views[0], ==, views[1]);
      g_free (views[0]);
      g_free (views[1]);
      views[0] = views[1] = NULL;
    }
}

/* Every level answers every position of a game with a legal action, from the view only. */
static void
test_ai_legal (void)
{
  static const char * const mixes[][4] = {
    { "random", "normal", "random", "normal" },
    { "strong", "normal", "random", "normal" },
  };

  for (gsize m = 0; m < G_N_ELEMENTS (mixes); m++)
    for (guint64 seed = 1; seed <= (m == 0 ? 6 : 1); seed++)
      {
        g_autoptr(ParlorGame) game = manhattan_game_info.new_game ("", seed, NULL);
        g_autoptr(GPtrArray) events = parlor_event_array_new ();
        guint moves = 0;

        parlor_game_start (game, events);
        while (!parlor_game_is_over (game))
          {
            int seat = __builtin_ctz (parlor_game_get_waiting (game));
            g_autofree char *view = parlor_game_view_for (game, seat);
            g_autoptr(GPtrArray) legal = parlor_game_legal_actions (game, seat);
            g_autoptr(GError) error = NULL;
            g_autofree char *action = manhattan_game_info.ai_choose (mixes[m][seat], view,
                                                                     seed * 1000 + moves++,
                                                                     NULL, &error);
            gboolean found = FALSE;

            g_assert_no_error (error);
            for (guint i = 0; i < legal->len && !found; i++)
              found = g_str_equal (g_ptr_array_index (legal, i), action);
            g_assert_true (found);
            g_assert_true (parlor_game_apply (game, seat, action, events, &error));
          }
      }
}

/* The computer players see only the view: hidden changes that leave it alone change nothing. */
static void
test_ai_view_only (void)
{
  g_autoptr(ManhattanGame) game = manhattan_game_new (17);
  ManhattanState *st = manhattan_game_get_state (game);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  ParlorRng rng;

  parlor_rng_init (&rng, 17, 1);
  parlor_game_start (PARLOR_GAME (game), events);
  for (int step = 0; step < 40; step++)
    {
      int seat = __builtin_ctz (parlor_game_get_waiting (PARLOR_GAME (game)));
      g_autofree char *action = parlor_game_random_action (PARLOR_GAME (game), seat, &rng);

      g_assert_true (parlor_game_apply (PARLOR_GAME (game), seat, action, events, NULL));
    }

  for (int l = 0; l < 3; l++)
    {
      const char *level = manhattan_game_info.ai_levels[l];
      int seat = st->turn;
      g_autofree char *view1 = parlor_game_view_for (PARLOR_GAME (game), seat);
      g_autofree char *a1 = manhattan_game_info.ai_choose (level, view1, 5, NULL, NULL);
      g_autofree char *view2 = NULL;
      g_autofree char *a2 = NULL;
      ManhattanState saved = *st;

      /* Another deal of the cards this seat cannot see. */
      for (int s = 0; s < 4; s++)
        if (s != seat)
          {
            int n = 0;

            for (int p = 0; p < 9; p++)
              n += st->hand[s][p];
            memset (st->hand[s], 0, 9);
            st->hand[s][8 - s] = n;
          }
      parlor_rng_shuffle (&rng, st->deck + st->deck_pos, st->deck_len - st->deck_pos, 1);
      view2 = parlor_game_view_for (PARLOR_GAME (game), seat);
      g_assert_cmpstr (view1, ==, view2);
      a2 = manhattan_game_info.ai_choose (level, view2, 5, NULL, NULL);
      g_assert_nonnull (a1);
      g_assert_cmpstr (a1, ==, a2);
      *st = saved;
    }
}

static void
test_ai_bad_input (void)
{
  static const char * const views[] = {
    "", "garbage", "view seat=0", "view seat=9 phase=play",
  };
  g_autoptr(ParlorGame) game = manhattan_game_info.new_game ("", 3, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  for (gsize i = 0; i < G_N_ELEMENTS (views); i++)
    for (int l = 0; l < 3; l++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *action = manhattan_game_info.ai_choose (manhattan_game_info.ai_levels[l],
                                                                 views[i], 1, NULL, &error);

        g_assert_null (action);
        g_assert_nonnull (error);
      }

  parlor_game_start (game, events);
  {
    g_autofree char *pub = parlor_game_view_for (game, -1);
    g_autofree char *mine = parlor_game_view_for (game, 0);
    g_autoptr(GError) error = NULL;
    g_autofree char *a = manhattan_game_info.ai_choose ("strong", pub, 1, NULL, &error);
    g_autofree char *b = NULL;
    g_autofree char *c = NULL;

    /* The public view has nothing to decide. */
    g_assert_null (a);
    g_assert_nonnull (error);
    g_clear_error (&error);
    b = manhattan_game_info.ai_choose ("grandmaster", mine, 1, NULL, &error);
    g_assert_null (b);
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_cancellable_cancel (cancellable);
    c = manhattan_game_info.ai_choose ("strong", mine, 1, cancellable, &error);
    g_assert_null (c);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }
}

int
main (int   argc,
      char *argv[])
{
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--games="))
      {
        n_games = (guint) g_ascii_strtoull (argv[i] + strlen ("--games="), NULL, 10);
        for (int j = i; j < argc - 1; j++)
          argv[j] = argv[j + 1];
        argc--;
        i--;
      }

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/manhattan/play/random-games-invariants", test_random_games);
  g_test_add_func ("/manhattan/play/same-seed-same-game", test_same_seed_same_game);
  g_test_add_func ("/manhattan/ai/always-legal", test_ai_legal);
  g_test_add_func ("/manhattan/ai/view-only", test_ai_view_only);
  g_test_add_func ("/manhattan/ai/bad-input", test_ai_bad_input);

  return g_test_run ();
}
