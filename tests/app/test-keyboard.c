/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Every game by keyboard and screen reader: where the focus is when the game
 * waits for the player, what screen readers are told (refusals, the clock),
 * how games start, the shortcuts window and the help.
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mahjong-hand-view.h"
#include "mahjong-screen.h"
#include "manhattan-board-view.h"
#include "manhattan-panel.h"
#include "manhattan-screen-private.h"
#include "manhattan-spot.h"
#include "parlor-application.h"
#include "parlor-game-screen.h"
#include "parlor-screen-util.h"
#include "parlor-window.h"
#include "triad-screen-private.h"
#include "ui-test-util.h"

static ParlorGameScreen *
start_game (ParlorWindow *window,
            const char   *id)
{
  g_autofree char *start = g_strconcat (id, ".start", NULL);
  ParlorGameScreen *screen;

  parlor_window_show_game (window, id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "setup");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), start, NULL));
  g_assert_true (parlor_game_screen_is_playing (screen));
  return screen;
}

static void
leave_game (ParlorWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_cmpstr (parlor_window_get_page (window), ==, "menu");
}

static gboolean
can_move (gpointer screen)
{
  return parlor_game_screen_can_move (screen) || !parlor_game_screen_is_playing (screen);
}

/* Where the player's own pieces are: a mahjong hand, Triple Triad's cards,
 * Manhattan's board, or its blocks to choose at a round's start. */
static GtkWidget *
own_hand (ParlorGameScreen *screen)
{
  if (MAHJONG_IS_SCREEN (screen))
    return GTK_WIDGET (mahjong_table_view_get_hand (mahjong_screen_get_table (MAHJONG_SCREEN (screen)), 0));
  if (TRIAD_IS_SCREEN (screen))
    return triad_screen_get_my_hand (TRIAD_SCREEN (screen));
  if (MANHATTAN_IS_SCREEN (screen))
    {
      GtkWidget *panel = manhattan_screen_get_panel (MANHATTAN_SCREEN (screen));

      return manhattan_panel_is_choosing (MANHATTAN_PANEL (panel)) ? panel
             : manhattan_screen_get_board (MANHATTAN_SCREEN (screen));
    }
  g_assert_not_reached ();
}

typedef struct
{
  ParlorWindow     *window;
  ParlorGameScreen *screen;
} Focus;

static gboolean
focus_in_hand (gpointer data)
{
  Focus *f = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

  return focus != NULL && (focus == own_hand (f->screen) || gtk_widget_is_ancestor (focus, own_hand (f->screen)));
}

static const char *
focus_name (ParlorWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "(none)";
}

/* After Start, and when the game first waits for the player, the keyboard
 * is in their own hand, not in the log or on a pane. */
static void
test_focus_after_start (void)
{
  static const char *games[] = { "jihai", "suzume", "mcr", "triad", "manhattan" };
  ParlorWindow *window = ui_test_get_window ();

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      Focus f = { window, NULL };

      g_test_message ("%s", games[i]);
      f.screen = start_game (window, games[i]);
      ui_test_wait_for (can_move, f.screen);
      g_assert_true (parlor_game_screen_is_playing (f.screen));
      ui_test_wait_for (focus_in_hand, &f);
      g_test_message ("focus on %s", focus_name (window));
      leave_game (window);
    }
}

/* The setup page opens with the focus on Start; Tab goes on from there to
 * every choice of the page before Start comes round again. */
static void
test_setup_tab_order (void)
{
  static const char *games[] = { "jihai", "suzume", "mcr", "triad", "manhattan" };
  ParlorWindow *window = ui_test_get_window ();

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      ParlorGameScreen *screen;
      GtkWidget *setup, *start, *focus;
      guint choices = 0, presses = 0;

      g_test_message ("%s", games[i]);
      parlor_window_show_game (window, games[i]);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
      screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
      setup = parlor_game_screen_get_setup (screen);
      g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (screen)));
      start = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_true (GTK_IS_BUTTON (start) && gtk_widget_is_ancestor (start, setup));
      do
        {
          g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_FORWARD);
          focus = gtk_root_get_focus (GTK_ROOT (window));
          g_assert_nonnull (focus);
          if (focus != start && gtk_widget_is_ancestor (focus, setup))
            choices++;
          g_assert_cmpuint (++presses, <, 100);
        }
      while (focus != start);
      g_test_message ("%u choices in %u presses", choices, presses);
      /* Strength alone is four buttons; a host button besides. */
      g_assert_cmpuint (choices, >=, 5);
      leave_game (window);
    }
}

static gboolean
announcement_is (gpointer data)
{
  ParlorWindow *window = ui_test_get_window ();

  return g_strcmp0 (parlor_window_get_announcement (window), data) == 0;
}

/* A refusal shown as a toast is heard too: Manhattan's spots before the
 * round's blocks are chosen. */
static void
test_refusal_heard (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen = start_game (window, "manhattan");
  GtkWidget *board = manhattan_screen_get_board (MANHATTAN_SCREEN (screen));

  ui_test_wait_for (can_move, screen);
  g_assert_cmpstr (parlor_window_get_announcement (window), !=, "Choose your blocks for this round first");
  g_assert_true (gtk_widget_activate_action (board, "board.activate", NULL));
  ui_test_wait_for (announcement_is, (gpointer) "Choose your blocks for this round first");
  leave_game (window);
}

/* ---- Manhattan: the target's ring follows the keyboard ---- */

static void
collect_spots (GtkWidget *widget,
               GPtrArray *spots)
{
  if (MANHATTAN_IS_SPOT (widget))
    g_ptr_array_add (spots, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_spots (child, spots);
}

static GtkWidget *
spot_at (GPtrArray *spots,
         int        city,
         int        position)
{
  for (guint i = 0; i < spots->len; i++)
    {
      ManhattanSpot *spot = g_ptr_array_index (spots, i);

      if (manhattan_spot_get_city (spot) == city && manhattan_spot_get_position (spot) == position)
        return GTK_WIDGET (spot);
    }
  g_assert_not_reached ();
}

static gboolean
my_build_turn (gpointer data)
{
  ManhattanScreen *screen = data;
  g_autofree char *view = NULL;

  if (!manhattan_screen_is_waiting (screen))
    return FALSE;
  view = manhattan_screen_dup_view (screen);
  return strstr (view, "phase=play") != NULL;
}

static gboolean
choose_first_blocks (ManhattanScreen *screen)
{
  ParlorTable *table = parlor_game_screen_get_table (PARLOR_GAME_SCREEN (screen));
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GError) error = NULL;

  legal = parlor_game_legal_actions (parlor_table_get_game (table), parlor_game_screen_get_seat (PARLOR_GAME_SCREEN (screen)));
  if (legal == NULL || legal->len == 0 || !g_str_has_prefix (g_ptr_array_index (legal, 0), "choose"))
    return FALSE;
  g_assert_true (manhattan_screen_submit (screen, g_ptr_array_index (legal, 0), &error));
  g_assert_no_error (error);
  return TRUE;
}

static gboolean
waiting (gpointer data)
{
  return manhattan_screen_is_waiting (data);
}

static const char *log_before;

static gboolean
log_grew (gpointer screen)
{
  g_autofree char *now = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));

  return strlen (now) > strlen (log_before);
}

/* With a card picked, Right moves the target to the next lit city: the
 * ring leaves the old spot, shows on the new one, and Enter builds there. */
static void
test_manhattan_target_follows (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ManhattanScreen *screen = MANHATTAN_SCREEN (start_game (window, "manhattan"));
  ManhattanBoardView *board = MANHATTAN_BOARD_VIEW (manhattan_screen_get_board (screen));
  ManhattanPanel *panel = MANHATTAN_PANEL (manhattan_screen_get_panel (screen));
  g_autoptr(GPtrArray) spots = g_ptr_array_new ();
  int city1 = -1, city2 = -1, row, col, card = -1;
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;

  collect_spots (GTK_WIDGET (board), spots);
  g_assert_cmpuint (spots->len, ==, 54);
  /* Blocks chosen, then this player's turn to build. */
  while (!my_build_turn (screen) && g_get_monotonic_time () < end)
    {
      ui_test_wait_for (waiting, screen);
      if (!my_build_turn (screen))
        choose_first_blocks (screen);
    }
  g_assert_true (my_build_turn (screen));

  /* A card whose spot is lit in two cities at least. */
  gtk_widget_grab_focus (GTK_WIDGET (board));
  for (int c = 0; c < 4 && city2 < 0; c++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "game.card", "i", c));
      card = manhattan_panel_get_card (panel);
      if (card < 0)
        continue;
      manhattan_board_view_get_cursor (board, &city1, &row, &col);
      manhattan_board_view_move_cursor (board, 1, 0);
      manhattan_board_view_get_cursor (board, &city2, &row, &col);
      if (city2 == city1)
        city2 = -1;
      else
        manhattan_board_view_move_cursor (board, -1, 0);
    }
  g_assert_cmpint (city2, >=, 0);
  g_test_message ("card %d: city %d, then %d", card, city1 + 1, city2 + 1);
  {
    int position = -1;
    GtkWidget *new_spot;
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_true (MANHATTAN_IS_SPOT (focus));
    position = manhattan_spot_get_position (MANHATTAN_SPOT (focus));
    g_assert_cmpint (manhattan_spot_get_city (MANHATTAN_SPOT (focus)), ==, city1);
    new_spot = spot_at (spots, city2, position);

    /* Right, as the key does: the focus (and its ring) go to the next lit city. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.move", "(ii)", 1, 0));
    g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == new_spot);
  }

  /* Enter builds where the ring is. */
  {
    g_autofree char *before = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    g_autofree char *expected = g_strdup_printf (" in city %d, ", city2 + 1);
    g_autofree char *after = NULL;

    for (int b = 1; b <= 4 && manhattan_panel_get_block (panel) <= 0; b++)
      manhattan_panel_select_block (panel, b);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board), "board.activate", NULL));
    log_before = before;
    ui_test_wait_for (log_grew, screen);
    after = parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
    g_assert_true (g_str_has_prefix (after, before));
    g_test_message ("log: %s", after + strlen (before));
    g_assert_nonnull (strstr (after + strlen (before), expected));
  }
  leave_game (window);
}

/* ---- the clock ---- */

static gboolean
clock_below (gpointer data)
{
  ParlorGameScreen *screen = data;
  const char *text = parlor_game_screen_get_clock_text (screen);

  return text != NULL && g_str_has_prefix (text, "0:0");
}

/* The clock is told at 10 and 5 seconds left, and is no live region. */
static void
test_clock_announced (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  ParlorGameScreen *screen;

  g_object_set (settings, "time-limit", 15, NULL);
  screen = start_game (window, "triad");
  ui_test_wait_for (can_move, screen);
  g_assert_true (parlor_game_screen_can_move (screen));
  ui_test_wait_for (clock_below, screen);
  ui_test_wait_for (announcement_is, (gpointer) "10 seconds left");
  ui_test_wait_for (announcement_is, (gpointer) "5 seconds left");
  leave_game (window);
  g_object_set (settings, "time-limit", 0, NULL);
}

/* ---- starting at once ---- */

static void
test_play_starts_at_once (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen;

  g_assert_true (parlor_window_play (window, "triad"));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (screen), ==, "play");
  g_assert_true (parlor_game_screen_is_playing (screen));
  leave_game (window);
  g_assert_false (parlor_window_play (window, "no-such-game"));
}

/* ---- shortcuts and help ---- */

static gboolean
has_title (GtkWidget  *widget,
           const char *title)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *t = NULL;

      g_object_get (widget, "title", &t, NULL);
      if (g_strcmp0 (t, title) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_title (child, title))
      return TRUE;
  return FALSE;
}

static void
test_shortcuts_window (void)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/parlorgames/Parlor/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  int natural = 0;

  g_assert_nonnull (overlay);
  gtk_widget_measure (overlay, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_test_message ("natural width %d", natural);
  g_assert_cmpint (natural, >, 200);
  g_assert_cmpint (natural, <=, 1000);
  g_assert_true (has_title (overlay, "Discard the chosen tile"));
  g_assert_true (has_title (overlay, "Pass: let the tile go"));
  g_assert_true (has_title (overlay, "Show a hint"));
  g_assert_true (has_title (overlay, "Build on the spot"));
  gtk_window_destroy (GTK_WINDOW (overlay));
}

/* F1 in a build that is not installed: the pages of $PARLOR_HELP_DIR, in
 * the player's language when there are any, else in English. */
static void
test_help_dir (void)
{
  g_autofree char *installed = NULL;
  g_autofree char *dir = g_build_filename (ui_test_get_data_home (), "help", NULL);
  g_autofree char *c = g_build_filename (dir, "C", NULL);
  g_autofree char *c_index = g_build_filename (c, "index.page", NULL);
  g_autofree char *uri = NULL;

  g_unsetenv ("PARLOR_HELP_DIR");
  installed = parlor_application_dup_help_uri ();
  g_assert_cmpstr (installed, ==, "help:io.github.parlorgames.Parlor");

  g_assert_cmpint (g_mkdir_with_parents (c, 0755), ==, 0);
  g_assert_true (g_file_set_contents (c_index, "<page/>", -1, NULL));
  g_setenv ("PARLOR_HELP_DIR", dir, TRUE);
  uri = parlor_application_dup_help_uri ();
  g_assert_true (g_str_has_prefix (uri, "ghelp:"));
  g_assert_cmpstr (uri + strlen ("ghelp:"), ==, c);
  g_unsetenv ("PARLOR_HELP_DIR");
}


/* ---- mahjong tiles are buttons with an action ---- */

static guint
count_of (const char *text,
          const char *part)
{
  guint n = 0;

  for (const char *p = text != NULL ? strstr (text, part) : NULL; p != NULL; p = strstr (p + 1, part))
    n++;
  return n;
}

typedef struct
{
  ParlorGameScreen *screen;
  guint             before;
} LogWait;

static gboolean
one_more_discard (gpointer data)
{
  LogWait *w = data;
  g_autofree char *log = parlor_game_screen_dup_log_text (w->screen);

  return count_of (log, "You discard ") > w->before;
}

/* A tile of the hand, pressed through its action as a screen reader does,
 * is played: the same as raising it and pressing Enter. */
static void
test_tile_action (void)
{
  ParlorWindow *window = ui_test_get_window ();
  Focus f = { window, NULL };
  MahjongHandView *hand;
  GtkWidget *tile;
  g_autofree char *log = NULL;
  LogWait w;

  f.screen = start_game (window, "suzume");
  hand = mahjong_table_view_get_hand (mahjong_screen_get_table (MAHJONG_SCREEN (f.screen)), 0);
  ui_test_wait_for (can_move, f.screen);
  ui_test_wait_for (focus_in_hand, &f);
  g_assert_true (mahjong_hand_view_get_interactive (hand));
  tile = gtk_widget_get_first_child (GTK_WIDGET (hand));
  g_assert_nonnull (tile);
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (tile)), ==, GTK_ACCESSIBLE_ROLE_BUTTON);
  log = parlor_game_screen_dup_log_text (f.screen);
  w = (LogWait) { f.screen, count_of (log, "You discard ") };
  g_assert_true (gtk_widget_activate_action (tile, "tile.activate", NULL));
  ui_test_wait_for (one_more_discard, &w);
  leave_game (window);
}

/* ---- Start is heard ---- */

static void
test_start_announced (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorGameScreen *screen;

  screen = start_game (window, "triad");
  g_test_message ("said: %s", parlor_window_get_announcement (window));
  g_assert_true (g_strcmp0 (parlor_window_get_announcement (window), "Game started") == 0 ||
                 g_strcmp0 (parlor_window_get_announcement (window), "Game started, your turn") == 0);
  if (parlor_game_screen_can_move (screen))
    g_assert_cmpstr (parlor_window_get_announcement (window), ==, "Game started, your turn");
  leave_game (window);
}

/* ---- one name for the player ---- */

/* The player's seat carries the name from the settings, never "(you)" nor
 * the login name; with no name chosen, the login name is still not used. */
static void
test_player_name (void)
{
  static const char *games[] = { "suzume", "mcr", "jihai", "manhattan", "triad" };
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());

  g_assert_true (parlor_settings_set_player_name (settings, "Alice", NULL));
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      ParlorGameScreen *screen = start_game (window, games[i]);
      int seat = parlor_game_screen_get_seat (screen);

      g_test_message ("%s", games[i]);
      g_assert_cmpint (seat, >=, 0);
      g_assert_cmpstr (parlor_game_screen_get_seat_name (screen, seat), ==, "Alice");
      if (MAHJONG_IS_SCREEN (screen))
        {
          const char *heading = mahjong_table_view_get_seat_heading (
            mahjong_screen_get_table (MAHJONG_SCREEN (screen)), 0);

          g_test_message ("heading: %s", heading);
          g_assert_true (g_str_has_prefix (heading, "Alice · ") || g_str_has_prefix (heading, "▶ Alice · "));
        }
      if (MANHATTAN_IS_SCREEN (screen))
        {
          g_autofree char *panel = manhattan_panel_dup_score_text (
            MANHATTAN_PANEL (manhattan_screen_get_panel (MANHATTAN_SCREEN (screen))));
          g_autofree char *row = g_strdup_printf ("%s, Alice: 0 points, ", manhattan_seat_name (seat));
          g_auto(GStrv) rows = g_strsplit (panel, "\n", -1);

          g_test_message ("scores: %s", panel);
          /* One row in words per seat, for screen readers. */
          g_assert_cmpuint (g_strv_length (rows), ==, 4);
          g_assert_nonnull (strstr (panel, row));
          g_assert_null (strstr (panel, "(you)"));
        }
      leave_game (window);
    }

  g_assert_true (parlor_settings_set_player_name (settings, NULL, NULL));
  {
    ParlorGameScreen *screen = start_game (window, "manhattan");
    int seat = parlor_game_screen_get_seat (screen);

    g_assert_cmpstr (parlor_game_screen_get_seat_name (screen, seat), !=, g_get_user_name ());
    leave_game (window);
  }
}

/* ---- nothing said twice ---- */

static void
on_label_changed (GtkLabel *label,
                  GParamSpec *pspec,
                  guint    *changes)
{
  (*changes)++;
}

/* A label kept at the height of a sample never shows (nor names itself
 * with) the sample: screen readers heard "Paused / Paused" from it. */
static void
test_keep_height_silent (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = gtk_label_new ("Ready");
  guint changes = 0;
  int height = 0;

  parlor_label_keep_height (GTK_LABEL (label), "Paused\nPaused\nPaused");
  g_signal_connect (label, "notify::label", G_CALLBACK (on_label_changed), &changes);
  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_present (GTK_WINDOW (window));
  ui_test_iterate (100);
  g_assert_true (gtk_widget_get_realized (label));
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Ready");
  gtk_widget_get_size_request (label, NULL, &height);
  {
    int one_line = 0;

    gtk_label_set_text (GTK_LABEL (label), "Ready");
    gtk_widget_set_size_request (label, -1, -1);
    gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, -1, &one_line, NULL, NULL, NULL);
    g_assert_cmpint (height, >=, 3 * one_line - 3);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  /* One deal for every run. */
  g_setenv ("PARLOR_SEED", "20261124", TRUE);
  ui_test_init (&argc, &argv);

  g_test_add_func ("/app/keyboard/help-dir", test_help_dir);
  g_test_add_func ("/app/keyboard/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/app/keyboard/play-starts-at-once", test_play_starts_at_once);
  g_test_add_func ("/app/keyboard/refusal-heard", test_refusal_heard);
  g_test_add_func ("/app/keyboard/focus-after-start", test_focus_after_start);
  g_test_add_func ("/app/keyboard/setup-tab-order", test_setup_tab_order);
  g_test_add_func ("/app/keyboard/manhattan-target-follows", test_manhattan_target_follows);
  g_test_add_func ("/app/keyboard/clock-announced", test_clock_announced);
  g_test_add_func ("/app/keyboard/tile-action", test_tile_action);
  g_test_add_func ("/app/keyboard/start-announced", test_start_announced);
  g_test_add_func ("/app/keyboard/player-name", test_player_name);
  g_test_add_func ("/app/keyboard/keep-height-silent", test_keep_height_silent);

  return ui_test_run ();
}
