/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <stdlib.h>
#include <string.h>

#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "parlor-application.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-window.h"
#include "suzume-screen-private.h"
#include "suzume-setup.h"
#include "suzume-game.h"
#include "suzume-view.h"
#include "ui-test-util.h"

static ParlorTable *
table_of (SuzumeScreen *screen)
{
  ParlorSession *session = parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen));

  return session != NULL ? parlor_session_get_table (session) : NULL;
}

static void
get_view (SuzumeScreen *screen,
          SuzumeView   *view)
{
  g_autofree char *line = parlor_table_view_for (table_of (screen), 0);

  g_assert_true (suzume_view_parse (line, view, NULL));
}

static gboolean
bar_offers (SuzumeScreen *screen,
            const char   *action)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (suzume_screen_get_claim_bar (screen));

  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    if (g_strcmp0 (mahjong_claim_bar_get_action (bar, i), action) == 0)
      return TRUE;
  return FALSE;
}

/* One move for seat 0 as a keyboard player makes it, choosing what the
 * strong computer player would: the bar's choice (Ron, Pass, Tsumo) when that
 * is the move, else the tile, reached with the selection (the arrows) and
 * discarded with Enter (suzume.discard on the selection). */
static gboolean
play_my_move (SuzumeScreen *screen,
              GRand        *rand,
              guint        *wins_offered)
{
  SuzumeView view;
  MahjongHandView *hand;
  g_autofree char *line = NULL;
  g_autofree char *choice = NULL;
  MahjongTile tile;

  if (!parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)))
    return FALSE;
  get_view (screen, &view);
  if (view.ask == SUZUME_ASK_NONE)
    return FALSE;
  line = parlor_table_view_for (table_of (screen), 0);
  choice = suzume_game_info.ai_choose ("strong", line, g_rand_int (rand), NULL, NULL);
  g_assert_nonnull (choice);
  if (view.ask == SUZUME_ASK_RON)
    {
      /* The claim window offers exactly Ron and Pass. */
      g_assert_cmpuint (mahjong_claim_bar_get_n_claims (MAHJONG_CLAIM_BAR (suzume_screen_get_claim_bar (screen))), ==, 2);
      g_assert_true (bar_offers (screen, "ron"));
      g_assert_true (bar_offers (screen, "pass"));
      (*wins_offered)++;
      return gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.claim", "s", choice);
    }
  if (g_str_equal (choice, "tsumo"))
    {
      g_assert_true (bar_offers (screen, "tsumo"));
      (*wins_offered)++;
      return gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.claim", "s", "tsumo");
    }
  g_assert_true (g_str_has_prefix (choice, "discard "));
  tile = suzume_tile_from_string (choice + strlen ("discard "));
  hand = MAHJONG_HAND_VIEW (suzume_screen_get_my_hand (screen));
  g_assert_true (mahjong_hand_view_get_interactive (hand));
  g_assert_cmpuint (mahjong_hand_view_get_n_tiles (hand), ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *name = mahjong_hand_view_describe_tile (hand, i);
      char buf[3];

      if (mahjong_hand_view_get_tile (hand, i) == tile)
        {
          mahjong_hand_view_select (hand, (int) i);
          g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, (int) i);
          g_test_message ("discard %s: %s", suzume_tile_to_string (tile, buf), name);
          return gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.discard", "i", -1);
        }
    }
  g_assert_not_reached ();
  return FALSE;
}

static void
play_match (guint n_seats)
{
  ParlorWindow *window = ui_test_get_window ();
  SuzumeScreen *screen;
  g_autoptr(GRand) rand = g_rand_new_with_seed (17 + n_seats);
  g_autoptr(ParlorLine) line = NULL;
  g_auto(GStrv) scores = NULL;
  g_auto(GStrv) rows = NULL;
  ParlorTable *table;
  const char *result;
  gint64 end;
  guint moves = 0, wins_offered = 0;
  gboolean shot_mid = FALSE;
  gboolean shot_hand = FALSE;
  int order[SUZUME_MAX_SEATS];

  parlor_window_show_game (window, "suzume");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = SUZUME_SCREEN (parlor_window_get_screen (window));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  suzume_setup_set_n_seats (SUZUME_SETUP (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen))), n_seats);
  if (n_seats == 4)
    ui_test_screenshot (GTK_WIDGET (window), "suzume-setup");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.start", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  table = table_of (screen);
  g_assert_nonnull (table);
  g_assert_cmpuint (parlor_table_get_n_seats (table), ==, n_seats);

  end = g_get_monotonic_time () + 240 * G_USEC_PER_SEC;

  while (!parlor_table_is_over (table) && g_get_monotonic_time () < end)
    {
      SuzumeView view;

      g_main_context_iteration (NULL, FALSE);
      if (parlor_table_is_over (table))
        break;
      /* A hand ended: its result waits on its own page for Next Hand. */
      if (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "hand") == 0)
        {
          g_assert_cmpstr (suzume_screen_get_hand_result (screen), !=, "");
          if (!shot_hand)
            {
              ui_test_screenshot (GTK_WIDGET (window), "suzume-hand");
              shot_hand = TRUE;
            }
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.next-hand", NULL));
          g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
          continue;
        }
      get_view (screen, &view);
      if (!shot_mid && n_seats == 4 && view.ask == SUZUME_ASK_DISCARD && moves >= 3 &&
          parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)))
        {
          ui_test_screenshot (GTK_WIDGET (window), "suzume-play");
          adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
          ui_test_screenshot (GTK_WIDGET (window), "suzume-play-dark");
          adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
          gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
          ui_test_screenshot (GTK_WIDGET (window), "suzume-play-800x600");
          gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
          ui_test_iterate (300);
          shot_mid = TRUE;
          continue;
        }
      if (play_my_move (screen, rand, &wins_offered))
        moves++;
    }
  g_assert_true (parlor_table_is_over (table));
  g_assert_cmpuint (moves, >, 0);
  if (n_seats == 4)
    g_assert_true (shot_mid);

  /* The result page: the ranking, worked out here from the final scores. */
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "result") != 0 && g_get_monotonic_time () < end)
    ui_test_iterate (50);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "result");
  result = parlor_game_get_result (parlor_table_get_game (table));
  line = parlor_line_parse (result, NULL);
  g_assert_nonnull (line);
  scores = g_strsplit (parlor_line_get (line, "scores"), ",", -1);
  g_assert_cmpuint (g_strv_length (scores), ==, n_seats);
  for (guint s = 0; s < n_seats; s++)
    order[s] = (int) s;
  /* Highest score first; ties keep seat order (the ranking's order of listing). */
  for (guint i = 0; i < n_seats; i++)
    for (guint j = i + 1; j < n_seats; j++)
      if (atoi (scores[order[j]]) > atoi (scores[order[i]]))
        {
          int x = order[i];
          order[i] = order[j];
          order[j] = x;
        }
  rows = g_strsplit (suzume_screen_get_ranking (screen), "\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, n_seats);
  {
    int total = 0;

    for (guint s = 0; s < n_seats; s++)
      total += atoi (scores[s]);
    g_assert_cmpint (total, ==, 40 * (int) n_seats);
  }
  for (guint i = 0; i < n_seats; i++)
    {
      const char *dash = strstr (rows[i], " — ");

      g_assert_nonnull (dash);
      g_assert_cmpint (atoi (dash + strlen (" — ")), ==, atoi (scores[order[i]]));
      if (i > 0)
        g_assert_cmpint (atoi (scores[order[i]]), <=, atoi (scores[order[i - 1]]));
    }
  if (n_seats == 4)
    {
      ui_test_screenshot (GTK_WIDGET (window), "suzume-result");
      gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
      ui_test_screenshot (GTK_WIDGET (window), "suzume-result-800x600");
      gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
      ui_test_iterate (300);
    }
  g_test_message ("%u seats: %u moves, %u wins offered", n_seats, moves, wins_offered);
  /* The match's result shows the last winning hands' tiles. */
  if (strstr (suzume_screen_get_hand_result (screen), "Winning tile") != NULL)
    g_assert_cmpuint (ui_test_count_win_hands (GTK_WIDGET (parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (screen)))),
                      >=, 1);
  /* The last hand's outcome is kept: a win with its points, or the empty wall. */
  g_assert_true (strstr (suzume_screen_get_hand_result (screen), " points") != NULL ||
                 strstr (suzume_screen_get_hand_result (screen), "wall is empty") != NULL);

  /* Play Again starts the next game at once. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.play-again", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
}

static void
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  if (ADW_IS_COMBO_ROW (widget))
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

/* Computer rows shown: one for each seat but the player's. */
static guint
n_computer_rows (GtkWidget *setup)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  guint n = 0;

  collect_rows (setup, rows);
  g_assert_cmpuint (rows->len, ==, 6);
  for (guint i = 0; i < rows->len; i++)
    if (g_str_has_prefix (adw_preferences_row_get_title (rows->pdata[i]), "Computer ") &&
        gtk_widget_get_visible (rows->pdata[i]))
      n++;
  return n;
}

static void
test_setup (void)
{
  ParlorWindow *window = ui_test_get_window ();
  SuzumeScreen *screen;
  GtkWidget *focus;
  SuzumeSetup *setup;
  g_autofree char *config = NULL;

  parlor_window_show_game (window, "suzume");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = SUZUME_SCREEN (parlor_window_get_screen (window));
  setup = SUZUME_SETUP (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen)));
  g_assert_cmpuint (suzume_setup_get_n_seats (setup), ==, 4);
  g_assert_cmpuint (suzume_setup_get_deals (setup), ==, 1);
  config = suzume_setup_make_config (setup);
  g_assert_cmpstr (config, ==, "seats=4 deals=1 dealer=random");
  g_assert_cmpuint (n_computer_rows (GTK_WIDGET (setup)), ==, 3);
  for (guint n = 2; n <= 5; n++)
    {
      suzume_setup_set_n_seats (setup, n);
      g_assert_cmpuint (suzume_setup_get_n_seats (setup), ==, n);
      g_assert_cmpuint (n_computer_rows (GTK_WIDGET (setup)), ==, n - 1);
    }
  suzume_setup_set_levels (setup, "strong");
  for (guint s = 1; s <= 4; s++)
    g_assert_cmpstr (suzume_setup_get_level (setup, s), ==, "strong");
  suzume_setup_set_levels (setup, "random");
  g_assert_cmpstr (suzume_setup_get_level (setup, 3), ==, "random");
  suzume_setup_set_levels (setup, "normal");
  suzume_setup_set_n_seats (setup, 4);

  /* The page opens on Start. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (setup)));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "suzume.start");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
}


static gboolean
focus_inside (GtkWidget *focus,
              GtkWidget *target)
{
  return focus != NULL && (focus == target || gtk_widget_is_ancestor (focus, target));
}

static gboolean
focus_in_log (GtkWidget *focus)
{
  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    if (PARLOR_IS_LOG_VIEW (w))
      return TRUE;
  return FALSE;
}

static gboolean
focus_in_my_hand (gpointer screen)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (screen)));

  g_assert_false (focus_in_log (focus));
  return focus_inside (focus, suzume_screen_get_my_hand (screen));
}

static gboolean
prompt_gone (gpointer bar)
{
  return !gtk_widget_get_visible (bar) || mahjong_claim_bar_get_n_claims (bar) == 0;
}

static gboolean
my_turn_again (gpointer screen)
{
  SuzumeView view;

  if (parlor_table_is_over (table_of (screen)))
    return TRUE;
  get_view (screen, &view);
  return parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)) && view.ask == SUZUME_ASK_DISCARD;
}

/* A "Ron or pass?" prompt holds the focus; passing with Escape puts it back
 * in the hand, never in the log, and it is still there at the next turn.
 * The deals are seeded: the first seed that offers the player a ron. */
static void
test_ron_pass_focus (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  gboolean tested = FALSE;

  for (guint seed = 1; !tested && g_get_monotonic_time () < end; seed++)
    {
      g_autofree char *text = g_strdup_printf ("%u", seed);
      SuzumeScreen *screen;
      ParlorTable *table;

      g_setenv ("PARLOR_SEED", text, TRUE);
      parlor_window_show_game (window, "suzume");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
      screen = SUZUME_SCREEN (parlor_window_get_screen (window));
      suzume_setup_set_n_seats (SUZUME_SETUP (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen))), 2);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.start", NULL));
      table = table_of (screen);
      while (!tested && !parlor_table_is_over (table) && g_get_monotonic_time () < end)
        {
          SuzumeView view;
          guint wins = 0;

          g_main_context_iteration (NULL, FALSE);
          if (parlor_table_is_over (table))
            break;
          if (g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "hand") == 0)
            {
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.next-hand", NULL));
              continue;
            }
          get_view (screen, &view);
          if (view.ask == SUZUME_ASK_RON && parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)))
            {
              GtkWidget *bar = suzume_screen_get_claim_bar (screen);

              g_test_message ("seed %u: a ron offered", seed);
              g_assert_true (bar_offers (screen, "ron"));
              g_assert_true (focus_inside (gtk_root_get_focus (GTK_ROOT (window)), bar));
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.escape", NULL));
              g_assert_cmpstr (parlor_window_get_page (window), ==, "play");
              ui_test_wait_for (prompt_gone, bar);
              g_assert_true (focus_in_my_hand (screen));
              ui_test_wait_for (my_turn_again, screen);
              if (!parlor_table_is_over (table))
                g_assert_true (focus_in_my_hand (screen));
              tested = TRUE;
              break;
            }
          play_my_move (screen, rand, &wins);
        }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
    }
  g_unsetenv ("PARLOR_SEED");
  g_assert_true (tested);
}

static gboolean
playing (gpointer screen)
{
  return g_strcmp0 (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), "play") == 0 && table_of (screen) != NULL;
}

/* Feeds the screen one event of its session and the change after it, with no
 * main-loop turn between: the computer players cannot move meanwhile. */
static void
tell (SuzumeScreen *screen,
      const char   *event)
{
  ParlorGameScreenClass *klass = PARLOR_GAME_SCREEN_GET_CLASS (screen);

  klass->session_event (PARLOR_GAME_SCREEN (screen), event);
  klass->session_changed (PARLOR_GAME_SCREEN (screen));
}

/* Why no ron is offered comes from the game's ron-barred event to this seat
 * alone, and stands until the next discard. */
static void
test_ron_barred_hint (void)
{
  ParlorWindow *window = ui_test_get_window ();
  SuzumeScreen *screen;
  GtkWidget *hint;

  parlor_window_show_game (window, "suzume");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = SUZUME_SCREEN (parlor_window_get_screen (window));
  suzume_setup_set_n_seats (SUZUME_SETUP (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen))), 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "suzume.start", NULL));
  ui_test_wait_for (playing, screen);
  hint = suzume_screen_get_hint_label (screen);

  tell (screen, "ron-barred seat=2 tile=9s");
  g_assert_false (gtk_widget_get_visible (hint));
  tell (screen, "ron-barred seat=0 tile=9s");
  g_assert_true (gtk_widget_get_visible (hint));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (hint)), "9"));
  tell (screen, "draw seat=1 wall=20");
  g_assert_true (gtk_widget_get_visible (hint));
  tell (screen, "discard seat=1 tile=2s");
  g_assert_false (gtk_widget_get_visible (hint));
  tell (screen, "ron-barred seat=0 tile=F");
  g_assert_true (gtk_widget_get_visible (hint));
  tell (screen, "draw seat=0 wall=19");
  g_assert_false (gtk_widget_get_visible (hint));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
}

/* The text of a label inside @widget that starts with @prefix, or NULL. */
static const char *
label_starting (GtkWidget  *widget,
                const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return gtk_label_get_text (GTK_LABEL (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *text = label_starting (child, prefix);

      if (text != NULL)
        return text;
    }
  return NULL;
}

static const char *
status_title (GtkWidget *widget)
{
  if (ADW_IS_STATUS_PAGE (widget))
    return adw_status_page_get_title (ADW_STATUS_PAGE (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *title = status_title (child);

      if (title != NULL)
        return title;
    }
  return NULL;
}

static const char *
hand_page_title (GtkWidget *screen)
{
  return status_title (gtk_stack_get_child_by_name (parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (screen)), "hand"));
}

typedef struct
{
  SuzumeScreen *screen;
  guint         pages;
  guint         drawn;
} PageWatch;

/* As the hand page comes, the table behind it still shows the hand that ended. */
static void
on_page (GtkStack   *stack,
         GParamSpec *pspec,
         PageWatch  *watch)
{
  MahjongScreen *screen = MAHJONG_SCREEN (watch->screen);
  g_autofree char *hand = NULL;

  if (g_strcmp0 (gtk_stack_get_visible_child_name (stack), "hand") != 0)
    return;
  hand = g_strdup_printf ("Hand %u of ", mahjong_screen_get_n_hands_ended (screen));
  g_assert_cmpstr (label_starting (GTK_WIDGET (screen), hand), !=, NULL);
  watch->pages++;
  if (strstr (mahjong_screen_get_hand_text (screen), "wall is empty") != NULL)
    watch->drawn++;
}

/* A drawn hand's page comes before the next deal is seen; so does a won one's. */
static void
test_drawn_hand_page (void)
{
  ParlorWindow *window = ui_test_get_window ();
  PageWatch watch = { NULL, 0, 0 };
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;

  /* Seed 5 is the first whose match has a drawn hand. */
  for (guint seed = 5; watch.drawn == 0 && g_get_monotonic_time () < end; seed++)
    {
      GtkWidget *screen = ui_test_mahjong_start ("suzume", seed);
      GtkStack *stack = parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (screen));
      gulong id;

      watch.screen = SUZUME_SCREEN (screen);
      id = g_signal_connect (stack, "notify::visible-child-name", G_CALLBACK (on_page), &watch);
      while (watch.drawn == 0 && ui_test_mahjong_play_to_hand_page (screen))
        {
          if (watch.drawn > 0)
            {
              g_test_message ("seed %u: a drawn hand", seed);
              g_assert_cmpstr (hand_page_title (screen), ==, "Drawn Hand");
              ui_test_screenshot (GTK_WIDGET (window), "suzume-drawn-hand");
              break;
            }
          g_assert_true (gtk_widget_activate_action (screen, "suzume.next-hand", NULL));
        }
      g_signal_handler_disconnect (stack, id);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
    }
  g_assert_cmpuint (watch.drawn, >, 0);
  g_assert_cmpuint (watch.pages, >=, watch.drawn);
}

/* A game of five players dealt from @seed. */
static GtkWidget *
start_five (guint seed)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *text = g_strdup_printf ("%u", seed);
  GtkWidget *screen;

  g_setenv ("PARLOR_SEED", text, TRUE);
  parlor_window_show_game (window, "suzume");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = parlor_window_get_screen (window);
  suzume_setup_set_n_seats (SUZUME_SETUP (parlor_game_screen_get_setup (PARLOR_GAME_SCREEN (screen))), 5);
  g_assert_true (gtk_widget_activate_action (screen, "suzume.start", NULL));
  g_unsetenv ("PARLOR_SEED");
  return screen;
}

/* Two seats ron the same discard: the page shows both winning hands. */
static void
test_double_ron (void)
{
  ParlorWindow *window = ui_test_get_window ();
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  gboolean seen = FALSE;

  /* Seed 7 is the first whose five-player match has a double ron. */
  for (guint seed = 7; !seen && g_get_monotonic_time () < end; seed++)
    {
      GtkWidget *screen = start_five (seed);
      GtkWidget *page = gtk_stack_get_child_by_name (parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (screen)), "hand");

      while (!seen && ui_test_mahjong_play_to_hand_page (screen))
        {
          const char *text = mahjong_screen_get_hand_text (MAHJONG_SCREEN (screen));
          const char *first = strstr (text, "Winning tile:");

          /* Each winner's hand is told after its winning tile. */
          if (first != NULL && strstr (first + 1, "Winning tile:") != NULL)
            {
              g_test_message ("seed %u: %s", seed, text);
              g_assert_cmpuint (ui_test_count_win_hands (page), ==, 2);
              ui_test_screenshot (GTK_WIDGET (window), "suzume-double-ron");
              gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
              ui_test_screenshot (GTK_WIDGET (window), "suzume-double-ron-800x600");
              gtk_window_set_default_size (GTK_WINDOW (window), 1180, 800);
              seen = TRUE;
              break;
            }
          g_assert_cmpuint (ui_test_count_win_hands (page), <=, 1);
          g_assert_true (gtk_widget_activate_action (screen, "suzume.next-hand", NULL));
        }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
    }
  g_assert_true (seen);
}

static void
journey_continue (gconstpointer game)
{
  ui_test_mahjong_continue_journey (game, 3);
}

static void
journey_undo (gconstpointer game)
{
  ui_test_mahjong_undo_journey (game, 3);
}

static void
journey_pause (gconstpointer game)
{
  ui_test_mahjong_pause_journey (game, 3);
}

static void
test_match_four (void)
{
  play_match (4);
}

static void
test_match_two (void)
{
  play_match (2);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/app/suzume/setup", test_setup);
  g_test_add_func ("/app/suzume/whole-match/four", test_match_four);
  g_test_add_func ("/app/suzume/whole-match/two", test_match_two);
  g_test_add_func ("/app/suzume/ron-pass-focus", test_ron_pass_focus);
  g_test_add_func ("/app/suzume/ron-barred-hint", test_ron_barred_hint);
  g_test_add_data_func ("/app/suzume/continue-after-hand-end", "suzume", journey_continue);
  g_test_add_data_func ("/app/suzume/undo-across-hand-end", "suzume", journey_undo);
  g_test_add_data_func ("/app/suzume/pause-on-hand-page", "suzume", journey_pause);
  g_test_add_func ("/app/suzume/drawn-hand-page", test_drawn_hand_page);
  g_test_add_func ("/app/suzume/double-ron", test_double_ron);
  return ui_test_run ();
}
