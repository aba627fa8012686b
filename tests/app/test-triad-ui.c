/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "parlor-application.h"
#include "parlor-line.h"
#include "parlor-window.h"
#include "triad-board-view.h"
#include "triad-hand-view.h"
#include "triad-screen-private.h"
#include "triad-setup.h"
#include "triad-view.h"
#include "ui-test-util.h"

static void
get_view (TriadScreen *screen,
          TriadView   *view)
{
  g_autofree char *line = parlor_table_view_for (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen)),
                                                 parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)));

  g_assert_true (triad_view_parse (line, view, NULL));
}

/* Opens the Triple Triad screen from the start page: its setup page. */
static TriadScreen *
open_setup (ParlorWindow *window)
{
  TriadScreen *screen;

  parlor_window_show_game (window, "triad");
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
  screen = TRIAD_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  g_assert_false (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (screen)));
  return screen;
}

static void
set_flag (TriadScreen *screen,
          const char  *name,
          gboolean     wanted)
{
  g_autofree char *action = g_strconcat ("setup.", name, NULL);
  gboolean now;

  g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), name, &now, NULL);
  if (now != wanted)
    g_assert_true (gtk_widget_activate_action (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), action, NULL));
  g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), name, &now, NULL);
  g_assert_cmpint (now, ==, wanted);
}

static void
set_choice (TriadScreen *screen,
            const char  *name,
            const char  *value)
{
  g_autofree char *action = g_strconcat ("setup.", name, NULL);
  g_autofree char *now = NULL;

  g_assert_true (gtk_widget_activate_action (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), action, "s", value));
  g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), name, &now, NULL);
  g_assert_cmpstr (now, ==, value);
}

/* Plays one move for the human seat, chosen at random from what the view
 * shows, through the same actions as the keyboard: pick a card, move the
 * board cursor, press Enter. */
static gboolean
play_human_move (TriadScreen *screen,
                 GRand       *rand)
{
  TriadBoardView *board = TRIAD_BOARD_VIEW (triad_screen_get_board (screen));
  TriadHandView *hand = TRIAD_HAND_VIEW (triad_screen_get_my_hand (screen));
  int seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen));
  TriadView view, after;
  int index, cell, n_free = 0, free_cells[TRIAD_N_CELLS];
  gboolean animated = FALSE;

  get_view (screen, &view);
  if (view.turn != seat)
    {
      /* Not our turn: the board refuses to place anything. */
      g_assert_false (triad_board_view_get_interactive (board));
      return FALSE;
    }
  g_assert_true (triad_board_view_get_interactive (board));
  g_assert_cmpuint (triad_hand_view_get_n_cards (hand), ==, view.n_hand[seat]);

  for (int c = 0; c < TRIAD_N_CELLS; c++)
    if (view.owner[c] == TRIAD_EMPTY)
      free_cells[n_free++] = c;
    else
      {
        /* An occupied cell cannot be chosen: Enter on it does nothing. */
        triad_board_view_set_cursor (board, c);
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.activate", NULL));
        get_view (screen, &after);
        g_assert_cmpint (after.n_filled, ==, view.n_filled);
      }
  g_assert_cmpint (n_free, >, 0);

  index = g_rand_int_range (rand, 0, view.n_hand[seat]);
  cell = free_cells[g_rand_int_range (rand, 0, n_free)];

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.card", "i", index));
  g_assert_cmpint (triad_hand_view_get_selected (hand), ==, index);

  /* Walk the cursor there with the arrow-key action. */
  while (triad_board_view_get_cursor (board) != cell)
    {
      int at = triad_board_view_get_cursor (board);
      int dx = cell % 3 - at % 3, dy = cell / 3 - at / 3;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.move", "(ii)",
                                                 CLAMP (dx, -1, 1),
                                                 dx != 0 ? 0 : CLAMP (dy, -1, 1)));
      g_assert_cmpint (triad_board_view_get_cursor (board), !=, at);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.activate", NULL));

  get_view (screen, &after);
  g_assert_cmpint (after.n_filled, ==, view.n_filled + 1);
  g_assert_cmpint (after.placer[cell], ==, seat);
  g_assert_true (triad_card_equal (&after.card[cell], &view.hand[seat][index]));
  g_assert_cmpint (triad_board_view_get_last_move (board), ==, cell);
  /* Every card that changed owner turns over (where animations run). */
  g_object_get (gtk_settings_get_default (), "gtk-enable-animations", &animated, NULL);
  for (int c = 0; c < TRIAD_N_CELLS; c++)
    if (c != cell && view.owner[c] != TRIAD_EMPTY && view.owner[c] != after.owner[c])
      g_assert_cmpint (triad_board_view_is_flipping (board, c), ==, animated);
  return TRUE;
}

typedef struct
{
  const char *level;
  const char *order;
  const char *hands;
  gboolean    same;
  gboolean    plus;
  gboolean    combo;
  const char *name;      /* screenshot names */
  gboolean    sizes;     /* also shoot the smallest and a large window */
} Setup;

static void
play_whole_game (const Setup *setup)
{
  ParlorWindow *window = ui_test_get_window ();
  TriadScreen *screen = open_setup (window);
  TriadHandView *theirs = TRIAD_HAND_VIEW (triad_screen_get_their_hand (screen));
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (setup->name));
  g_autofree char *shot = NULL;
  g_autofree char *result = NULL;
  g_autofree char *log = NULL;
  g_autofree char *expected_count = NULL;
  g_autoptr(ParlorLine) line = NULL;
  AdwStatusPage *page;
  ParlorTable *table;
  TriadView view;
  const char *expected_title;
  gboolean shot_mid = FALSE;
  int seat, other, counted[2] = { 0, 0 };
  gint64 end, score[2];
  guint human_moves = 0;

  set_choice (screen, "level", setup->level);
  set_choice (screen, "order", setup->order);
  set_choice (screen, "hands", setup->hands);
  set_flag (screen, "same", setup->same);
  set_flag (screen, "plus", setup->plus);
  set_flag (screen, "combo", setup->combo);
  shot = g_strdup_printf ("triad-setup-%s", setup->name);
  ui_test_screenshot (GTK_WIDGET (window), shot);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.start", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen));
  g_assert_nonnull (table);
  seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen));
  g_assert_cmpint (seat, >=, 0);
  other = 1 - seat;
  g_assert_true (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (screen)));

  /* The game is the one asked for. */
  get_view (screen, &view);
  g_assert_cmpint (view.first, ==, g_str_equal (setup->order, "first") ? seat : other);
  g_assert_cmpint (view.open, ==, g_str_equal (setup->hands, "open"));
  g_assert_cmpint ((view.rules & TRIAD_RULE_SAME) != 0, ==, setup->same);
  g_assert_cmpint ((view.rules & TRIAD_RULE_PLUS) != 0, ==, setup->plus);
  g_assert_cmpint ((view.rules & TRIAD_RULE_COMBO) != 0, ==, setup->combo);
  /* New games play Same, Plus and Combo as Final Fantasy VIII does. */
  g_assert_cmpint ((view.rules & TRIAD_RULE_FF8) != 0, ==, setup->same || setup->plus);
  g_assert_cmpstr (parlor_table_get_seat_level (table, other), ==, setup->level);
  g_assert_cmpint (parlor_table_get_seat_kind (table, seat), ==, PARLOR_SEAT_LOCAL);

  end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      get_view (screen, &view);
      /* The other hand is face down exactly when hands are closed. */
      g_assert_cmpuint (triad_hand_view_get_n_cards (theirs), ==, view.n_hand[other]);
      if (view.n_hand[other] > 0)
        g_assert_cmpint (triad_hand_view_get_known (theirs), ==,
                         g_str_equal (setup->hands, "open"));
      if (!shot_mid && view.turn == seat && view.n_filled >= 3)
        {
          g_autofree char *mid = g_strdup_printf ("triad-play-%s", setup->name);

          ui_test_screenshot (GTK_WIDGET (window), mid);
          shot_mid = TRUE;
          if (setup->sizes)
            {
              /* The smallest size the app supports, and a large screen. */
              gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
              ui_test_screenshot (GTK_WIDGET (window), "triad-play-800x600");
              gtk_window_set_default_size (GTK_WINDOW (window), 1280, 1024);
              ui_test_screenshot (GTK_WIDGET (window), "triad-play-1280x1024");
              gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
              ui_test_iterate (300);
            }
          continue;
        }
      if (play_human_move (screen, rand))
        human_moves++;
    }
  g_assert_true (parlor_table_is_over (table));
  g_assert_cmpuint (human_moves, ==, g_str_equal (setup->order, "first") ? 5 : 4);
  g_assert_false (parlor_game_screen_is_playing (PARLOR_GAME_SCREEN (screen)));
  g_assert_true (shot_mid);

  /* "Click to see the result": the play page waits for the player. */
  ui_test_iterate (400);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  shot = (g_free (shot), g_strdup_printf ("triad-over-%s", setup->name));
  ui_test_screenshot (GTK_WIDGET (window), shot);

  /* The engine's result, checked against a count of the final board. */
  result = parlor_game_get_result (parlor_table_get_game (table));
  line = parlor_line_parse (result, NULL);
  g_assert_nonnull (line);
  g_assert_true (parlor_line_get_int (line, "score0", 0, 9, &score[0], NULL));
  g_assert_true (parlor_line_get_int (line, "score1", 0, 9, &score[1], NULL));
  get_view (screen, &view);
  g_assert_cmpint (view.n_filled, ==, TRIAD_N_CELLS);
  for (int c = 0; c < TRIAD_N_CELLS; c++)
    counted[view.owner[c]]++;
  g_assert_cmpint (counted[0], ==, score[0]);
  g_assert_cmpint (counted[1], ==, score[1]);

  /* First player needs 6 to win, the second 5 (rules spec). */
  {
    int first = view.first, first_count = counted[first];

    if (first_count == 5)
      expected_title = "Draw";
    else if ((first_count >= 6) == (first == seat))
      expected_title = "You Win!";
    else
      expected_title = "You Lose";
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.show-result", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "result");
  page = ADW_STATUS_PAGE (triad_screen_get_result_page (screen));
  g_assert_cmpstr (adw_status_page_get_title (page), ==, expected_title);
  expected_count = g_strdup_printf ("you %d, ", counted[seat]);
  g_assert_nonnull (strstr (adw_status_page_get_description (page), expected_count));
  {
    g_autofree char *tail = g_strdup_printf (" %d", counted[other]);

    g_assert_true (g_str_has_suffix (adw_status_page_get_description (page), tail));
  }
  shot = (g_free (shot), g_strdup_printf ("triad-result-%s", setup->name));
  ui_test_screenshot (GTK_WIDGET (window), shot);
  if (setup->sizes)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
      ui_test_screenshot (GTK_WIDGET (window), "triad-result-800x600");
      gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
      ui_test_iterate (300);
    }

  log = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
  g_assert_nonnull (strstr (log, "New game with"));
  g_assert_nonnull (strstr (log, g_str_equal (setup->hands, "open")
                                 ? "open hands" : "closed hands"));

  /* Play Again starts the next game at once, with the same choices. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.play-again", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  {
    g_autofree char *level = NULL;

    g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "level", &level, NULL);
    g_assert_cmpstr (level, ==, setup->level);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
}

/* Animations are off in tests but for this one game, which sees cards turn over. */
static void
test_open_game (void)
{
  static const Setup setup = { "expert", "first", "open", TRUE, TRUE, TRUE, "open", TRUE };

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  play_whole_game (&setup);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

static void
test_closed_game (void)
{
  static const Setup setup = { "medium", "second", "closed", FALSE, TRUE, FALSE, "closed", FALSE };

  play_whole_game (&setup);
}

static void
test_combo_needs_same_or_plus (void)
{
  ParlorWindow *window = ui_test_get_window ();
  TriadScreen *screen = open_setup (window);

  set_flag (screen, "same", FALSE);
  set_flag (screen, "plus", FALSE);
  /* Combo alone is refused: its action is off and the property stays off. */
  gtk_widget_activate_action (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "setup.combo", NULL);
  g_object_set (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "combo", TRUE, NULL);
  {
    gboolean combo;

    g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "combo", &combo, NULL);
    g_assert_false (combo);
  }
  set_flag (screen, "plus", TRUE);
  set_flag (screen, "combo", TRUE);
  /* Turning the last of Same and Plus off turns Combo off too. */
  set_flag (screen, "plus", FALSE);
  {
    gboolean combo;

    g_object_get (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)), "combo", &combo, NULL);
    g_assert_false (combo);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

static void
test_clock_and_descriptions (void)
{
  ParlorWindow *window = ui_test_get_window ();
  TriadScreen *screen;
  TriadBoardView *board;
  TriadView view;
  g_autofree char *empty = NULL;
  g_autofree char *taken = NULL;
  g_autofree char *card = NULL;
  g_autofree char *expected = NULL;
  int seat, cell = -1;
  gint64 end;

  g_object_set (parlor_application_get_settings (ui_test_get_app ()), "time-limit", 60, NULL);
  screen = open_setup (window);
  set_choice (screen, "level", "easy");
  set_choice (screen, "order", "second");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "triad.start", NULL));
  seat = parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen));
  board = TRIAD_BOARD_VIEW (triad_screen_get_board (screen));

  /* The computer opens; then our clock runs. */
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  do
    {
      ui_test_iterate (50);
      get_view (screen, &view);
    }
  while (view.turn != seat && g_get_monotonic_time () < end);
  g_assert_cmpint (view.turn, ==, seat);
  /* The clock shows our time as soon as our turn comes. */
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (*parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (screen)) == '\0' &&
         g_get_monotonic_time () < end)
    ui_test_iterate (50);
  g_assert_true (g_str_has_prefix (parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (screen)), "1:00") ||
                 g_str_has_prefix (parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (screen)), "0:5"));
  ui_test_screenshot (GTK_WIDGET (window), "triad-play-clock");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  ui_test_screenshot (GTK_WIDGET (window), "triad-play-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  for (int c = 0; c < TRIAD_N_CELLS; c++)
    if (view.owner[c] != TRIAD_EMPTY)
      cell = c;
  g_assert_cmpint (cell, >=, 0);
  g_assert_cmpint (triad_board_view_get_last_move (board), ==, cell);
  /* Ranks in words, each with its side: 10 is "10", never "A". */
  card = g_strdup_printf ("top %u, right %u, bottom %u, left %u",
                          view.card[cell].rank[0], view.card[cell].rank[1],
                          view.card[cell].rank[2], view.card[cell].rank[3]);
  expected = g_strdup_printf ("Cell %d, ", cell + 1);
  taken = triad_board_view_describe_cell (board, cell);
  g_assert_true (g_str_has_prefix (taken, expected));
  g_assert_true (g_str_has_suffix (taken, card));
  g_assert_nonnull (strstr (taken, "Computer (Easy)"));
  empty = triad_board_view_describe_cell (board, cell == 4 ? 0 : 4);
  g_assert_true (g_str_has_suffix (empty, ": empty"));

  g_object_set (parlor_application_get_settings (ui_test_get_app ()), "time-limit", 0, NULL);
  /* Leaving a game in progress asks first; the dialog is answered by closing the window later. */
  parlor_game_screen_new_local_game (PARLOR_GAME_SCREEN (screen));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  g_assert_null (parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

static void
fill_card (TriadCard *card,
           int        t,
           int        r,
           int        b,
           int        l)
{
  card->rank[0] = t;
  card->rank[1] = r;
  card->rank[2] = b;
  card->rank[3] = l;
}

/* A card taken by the other player turns over in about a quarter second. */
static gboolean
animation_done (gpointer board)
{
  return !triad_board_view_is_animating (TRIAD_BOARD_VIEW (board));
}

static void
test_flip_animation (void)
{
  GtkWidget *window = gtk_window_new ();
  TriadBoardView *board = TRIAD_BOARD_VIEW (triad_board_view_new ());
  TriadView view = { 0 };
  g_autofree char *described = NULL;

  /* This test is about the animation itself. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  view.seat = 0;
  view.first = 0;
  view.turn = 1;
  view.open = TRUE;
  memset (view.owner, TRIAD_EMPTY, sizeof view.owner);
  memset (view.placer, TRIAD_EMPTY, sizeof view.placer);
  fill_card (&view.card[4], 7, 3, 10, 5);
  view.owner[4] = view.placer[4] = 0;
  view.n_filled = 1;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (board));
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 360);
  gtk_window_present (GTK_WINDOW (window));
  triad_board_view_set_view (board, &view);
  ui_test_iterate (300);
  described = triad_board_view_describe_cell (board, 4);
  g_assert_cmpstr (described, ==, "Cell 5, centre: your card top 7, right 3, bottom 10, left 5");

  /* Seat 1 plays on the right and takes the centre card. */
  fill_card (&view.card[5], 2, 2, 2, 8);
  view.owner[5] = view.placer[5] = 1;
  view.owner[4] = 1;
  view.n_filled = 2;
  view.turn = 0;
  triad_board_view_set_view (board, &view);
  g_assert_true (triad_board_view_is_flipping (board, 4));
  g_assert_false (triad_board_view_is_flipping (board, 5));
  g_assert_cmpint (triad_board_view_get_last_move (board), ==, 5);
  ui_test_screenshot_after (window, "triad-flip", 170);
  ui_test_wait_for (animation_done, board);
  g_assert_false (triad_board_view_is_flipping (board, 4));
  ui_test_screenshot (window, "triad-flipped");

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

/* A game recorded before Same, Plus and Combo followed Final Fantasy VIII
 * says so in its rules line; one of today's does not need to. */
static void
test_rules_summary_names_reading (void)
{
  g_autofree char *ff8 = triad_rules_summary (TRUE, TRIAD_RULE_SAME | TRIAD_RULE_COMBO | TRIAD_RULE_FF8);
  g_autofree char *parlor = triad_rules_summary (FALSE, TRIAD_RULE_PLUS);
  g_autofree char *none = triad_rules_summary (TRUE, 0);

  g_assert_cmpstr (ff8, ==, "Open hands · Same · Combo");
  g_assert_cmpstr (parlor, ==, "Closed hands · Plus · Parlor’s first reading");
  g_assert_cmpstr (none, ==, "Open hands · no Same or Plus");
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/app/triad/rules-summary-names-reading", test_rules_summary_names_reading);
  g_test_add_func ("/app/triad/whole-game/open", test_open_game);
  g_test_add_func ("/app/triad/whole-game/closed", test_closed_game);
  g_test_add_func ("/app/triad/setup/combo-needs-same-or-plus", test_combo_needs_same_or_plus);
  g_test_add_func ("/app/triad/clock-and-descriptions", test_clock_and_descriptions);
  g_test_add_func ("/app/triad/board/flip-animation", test_flip_animation);

  return ui_test_run ();
}
