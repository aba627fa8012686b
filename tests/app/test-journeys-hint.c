/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <string.h>

#include "mahjong-claim-bar.h"
#include "mahjong-screen.h"
#include "mahjong-table-view.h"
#include "manhattan-board-view.h"
#include "manhattan-game.h"
#include "manhattan-rules.h"
#include "manhattan-screen-private.h"
#include "parlor-game-screen.h"
#include "parlor-hint.h"
#include "parlor-review.h"
#include "parlor-window.h"
#include "triad-hand-view.h"
#include "triad-screen.h"
#include "triad-screen-private.h"
#include "ui-test-util.h"

/*
 * A player asks for a hint and takes it: Ctrl+H, then Enter, in every
 * game. The move made is the move hinted; the hint's words are the words
 * the board and the log use; one hint is shown at a time, never over the
 * hand, the calls or another player's tiles, and it goes when its position
 * has passed.
 */

static ParlorGameScreen *screen;
static gulong announce_id;
static guint my_seat;
static GPtrArray *mine;        /* the moves made for the player's seat */
static gboolean hint_told;     /* a hint was said since the last Ctrl+H */
static char *hint_said;        /* the last hint's words */

static void
on_action (ParlorTable *table,
           guint        seat,
           const char  *action,
           gboolean     timed_out,
           gpointer     data)
{
  if (seat == my_seat)
    g_ptr_array_add (mine, g_strdup (action));
}

static void
on_announce (ParlorGameScreen *self,
             const char       *text,
             gpointer          data)
{
  if (g_str_has_prefix (text, "Hint: "))
    {
      hint_told = TRUE;
      g_free (hint_said);
      hint_said = g_strdup (text + strlen ("Hint: "));
    }
}

static gboolean
was_told (gpointer data)
{
  return hint_told;
}

static gboolean
trigger_is (GtkShortcutTrigger *trigger,
            guint               keyval)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_is (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval) ||
           trigger_is (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval);
  return GTK_IS_KEYVAL_TRIGGER (trigger) &&
         gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
         gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0;
}

/* Enter as the key does: the first shortcut for it from the focus up. */
static gboolean
press_enter (ParlorWindow *window)
{
  for (GtkWidget *widget = gtk_root_get_focus (GTK_ROOT (window)); widget != NULL;
       widget = gtk_widget_get_parent (widget))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

              if (trigger_is (gtk_shortcut_get_trigger (shortcut), GDK_KEY_Return))
                return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                     GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                                     gtk_shortcut_get_arguments (shortcut));
            }
        }
    }
  return FALSE;
}

/* Ctrl+H as the key does: the action the application binds to it. */
static void
press_ctrl_h (ParlorWindow *window)
{
  g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (ui_test_get_app ()),
                                                                 "<Control>h");

  g_assert_nonnull (actions);
  g_assert_nonnull (actions[0]);
  hint_told = FALSE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[0], NULL));
}

static gboolean
is_shown (GtkWidget *widget)
{
  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_opacity (w) == 0)
      return FALSE;
  return gtk_widget_get_mapped (widget);
}

/* The notices shown in the window: toasts and the screens' own. */
static void
collect_notices (GtkWidget *widget,
                 GPtrArray *found)
{
  GType toast = g_type_from_name ("AdwToastWidget");

  if (!is_shown (widget))
    return;
  if ((toast != 0 && G_TYPE_CHECK_INSTANCE_TYPE (widget, toast)) ||
      gtk_widget_has_css_class (widget, "app-notification"))
    {
      g_ptr_array_add (found, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_notices (child, found);
}

static gboolean
has_hint_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), "Hint: "))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_hint_text (child))
      return TRUE;
  return FALSE;
}

static guint
n_hints_shown (ParlorWindow *window)
{
  g_autoptr(GPtrArray) notices = g_ptr_array_new ();
  guint n = 0;

  collect_notices (GTK_WIDGET (window), notices);
  for (guint i = 0; i < notices->len; i++)
    n += has_hint_text (g_ptr_array_index (notices, i));
  return n;
}

static gboolean
hint_on_screen (gpointer window)
{
  return n_hints_shown (window) > 0;
}

/* No notice covers @kept, when it is shown. */
static void
assert_clear_of (ParlorWindow *window,
                 GtkWidget    *kept)
{
  g_autoptr(GPtrArray) notices = g_ptr_array_new ();
  graphene_rect_t k;

  if (kept == NULL || !gtk_widget_get_mapped (kept))
    return;
  g_assert_true (gtk_widget_compute_bounds (kept, GTK_WIDGET (window), &k));
  collect_notices (GTK_WIDGET (window), notices);
  for (guint i = 0; i < notices->len; i++)
    {
      graphene_rect_t n;

      g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (notices, i), GTK_WIDGET (window), &n));
      if (graphene_rect_intersection (&k, &n, NULL))
        g_error ("a notice (%g,%g %gx%g) covers %s (%g,%g %gx%g)",
                 n.origin.x, n.origin.y, n.size.width, n.size.height, G_OBJECT_TYPE_NAME (kept),
                 k.origin.x, k.origin.y, k.size.width, k.size.height);
    }
}

static void
assert_nothing_covered (ParlorWindow *window)
{
  if (MAHJONG_IS_SCREEN (screen))
    {
      MahjongTableView *table = mahjong_screen_get_table (MAHJONG_SCREEN (screen));

      assert_clear_of (window, mahjong_screen_get_claim_bar (MAHJONG_SCREEN (screen)));
      assert_clear_of (window, mahjong_screen_get_my_hand (MAHJONG_SCREEN (screen)));
      /* Nor the other players' tiles. */
      for (guint i = 1; i < mahjong_table_view_get_n_seats (table); i++)
        {
          assert_clear_of (window, GTK_WIDGET (mahjong_table_view_get_hand (table, i)));
          assert_clear_of (window, GTK_WIDGET (mahjong_table_view_get_melds (table, i)));
        }
    }
  else if (TRIAD_IS_SCREEN (screen))
    assert_clear_of (window, triad_screen_get_my_hand (screen));
  else
    assert_clear_of (window, manhattan_screen_get_panel (screen));
}

static const char *current_game;
static gboolean sizes_seen;    /* this game's hint was looked at in each size */

static int wanted_width, wanted_height;

static gboolean
window_sized (gpointer window)
{
  return gtk_widget_get_width (window) == wanted_width && gtk_widget_get_height (window) == wanted_height;
}

/* The window at @width × @height, its frame aside. */
static void
resize (ParlorWindow *window,
        int           width,
        int           height)
{
  int dw = 0, dh = 0;

  gtk_window_get_default_size (GTK_WINDOW (window), &dw, &dh);
  dw -= gtk_widget_get_width (GTK_WIDGET (window));
  dh -= gtk_widget_get_height (GTK_WIDGET (window));
  wanted_width = width;
  wanted_height = height;
  gtk_window_set_default_size (GTK_WINDOW (window), width + dw, height + dh);
  ui_test_wait_for (window_sized, window);
}

/* The hint, in a large window and a small one: clear of the hand and the
 * calls in both, and on a screenshot for a person to look at. */
static void
look_at_sizes (ParlorWindow *window)
{
  static const int sizes[][2] = { { 1280, 800 }, { 800, 600 } };
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("hint-%s-%dx%d", current_game, sizes[i][0], sizes[i][1]);

      resize (window, sizes[i][0], sizes[i][1]);
      ui_test_iterate (50);
      assert_nothing_covered (window);
      ui_test_screenshot (GTK_WIDGET (window), name);
    }
  resize (window, width, height);
}

static gboolean
decides (gpointer data)
{
  const char *page = parlor_game_screen_get_page (screen);

  return (parlor_game_screen_can_hint (screen) && g_strcmp0 (page, "play") == 0) ||
         !parlor_game_screen_is_playing (screen) || g_strcmp0 (page, "hand") == 0;
}

/* Waits until the player decides; a hand's result is passed by its button. */
static gboolean
wait_to_decide (void)
{
  ui_test_wait_for (decides, NULL);
  while (g_strcmp0 (parlor_game_screen_get_page (screen), "hand") == 0)
    {
      g_autofree char *next = g_strconcat (current_game, ".next-hand", NULL);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), next, NULL));
      ui_test_wait_for (decides, NULL);
    }
  return parlor_game_screen_is_playing (screen) && parlor_game_screen_can_hint (screen);
}

static guint moves_before;

static gboolean
move_made (gpointer data)
{
  return mine->len > moves_before;
}

/* Ctrl+H (twice: the second replaces the first), Enter: the move made is
 * the one the hint said. Returns the move and its words. */
static ParlorHint *
take_hint (ParlorWindow *window)
{
  ParlorSession *session = parlor_game_screen_get_session (screen);
  const ParlorGameInfo *info = parlor_table_get_info (parlor_session_get_table (session));
  g_autoptr(ParlorHint) hint = g_new0 (ParlorHint, 1);
  g_autofree char *view = NULL;
  g_autoptr(ParlorReviewEntry) review = NULL;
  g_autoptr(GError) error = NULL;

  press_ctrl_h (window);
  ui_test_wait_for (was_told, NULL);
  ui_test_wait_for (hint_on_screen, window);
  press_ctrl_h (window);
  ui_test_wait_for (was_told, NULL);
  g_assert_cmpuint (n_hints_shown (window), ==, 1);
  assert_nothing_covered (window);
  if (!sizes_seen)
    {
      sizes_seen = TRUE;
      look_at_sizes (window);
    }

  view = parlor_session_dup_view (session);
  moves_before = mine->len;
  g_assert_true (press_enter (window));
  ui_test_wait_for (move_made, NULL);
  hint->action = g_strdup (g_ptr_array_index (mine, moves_before));
  hint->words = info->describe_move (view, hint->action);
  g_test_message ("hint: %s; made: %s", hint_said, hint->action);
  g_assert_nonnull (hint->words);
  g_assert_true (g_str_has_prefix (hint_said, hint->words));
  /* A review of the game (its seed 1, as the replay viewer's) lists no
   * hinted move as a mistake. */
  review = parlor_review_decision (info, view, hint->action, 1, NULL, &error);
  g_assert_no_error (error);
  if (review != NULL)
    g_error ("the review lists the hinted %s; it would play %s", review->played, review->best);
  /* The position has passed: so has its hint. */
  g_assert_cmpuint (n_hints_shown (window), ==, 0);
  return g_steal_pointer (&hint);
}

/* Any legal move but a call, so the game goes on to the next discard. */
static void
play_on (void)
{
  ParlorSession *session = parlor_game_screen_get_session (screen);
  g_autoptr(GPtrArray) legal = parlor_game_legal_actions (parlor_table_get_game (parlor_session_get_table (session)),
                                                          my_seat);
  const char *chosen = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (legal);
  for (guint i = 0; i < legal->len && chosen == NULL; i++)
    if (g_str_has_prefix (g_ptr_array_index (legal, i), "discard") ||
        g_str_has_prefix (g_ptr_array_index (legal, i), "pass"))
      chosen = g_ptr_array_index (legal, i);
  if (chosen == NULL)
    chosen = g_ptr_array_index (legal, 0);
  moves_before = mine->len;
  g_assert_true (parlor_game_screen_submit (screen, chosen, &error));
  g_assert_no_error (error);
  ui_test_wait_for (move_made, NULL);
}

/* A claim window offering the player a call besides Pass. */
static gboolean
offers_call (void)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (mahjong_screen_get_claim_bar (MAHJONG_SCREEN (screen)));
  guint calls = 0;

  if (!gtk_widget_get_mapped (GTK_WIDGET (bar)))
    return FALSE;
  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    calls += !g_str_equal (mahjong_claim_bar_get_action (bar, i), "pass");
  return calls > 0 && mahjong_claim_bar_get_n_claims (bar) > calls;
}

/* A game against the computer; with @table, that table's (played on as
 * from a replay, where the player may sit at any seat). */
static void
start (ParlorWindow *window,
       const char   *id,
       ParlorTable  *table)
{
  g_autofree char *start_action = g_strconcat (id, ".start", NULL);
  ParlorSession *session;
  g_autoptr(GError) error = NULL;

  current_game = id;
  parlor_window_show_game (window, id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = PARLOR_GAME_SCREEN (parlor_window_get_screen (window));
  if (table != NULL)
    g_assert_true (parlor_game_screen_play_on (screen, table, &error));
  else
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), start_action, NULL));
  g_assert_no_error (error);
  session = parlor_game_screen_get_session (screen);
  my_seat = (guint) parlor_session_get_seat (session);
  g_ptr_array_set_size (mine, 0);
  sizes_seen = FALSE;
  g_signal_connect_object (parlor_session_get_table (session), "action", G_CALLBACK (on_action), NULL, 0);
  announce_id = g_signal_connect (screen, "announce", G_CALLBACK (on_announce), NULL);
}

static void
finish (ParlorWindow *window)
{
  g_clear_signal_handler (&announce_id, screen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
}

static gboolean
is_finished (gpointer data)
{
  return parlor_game_screen_get_finished (screen);
}

/* Every move of a Triple Triad game taken from hints; the last one's hint
 * is not on the result page. */
static void
test_triad (void)
{
  ParlorWindow *window = ui_test_get_window ();

  start (window, "triad", NULL);
  while (wait_to_decide ())
    parlor_hint_free (take_hint (window));
  ui_test_wait_for (is_finished, NULL);
  g_assert_cmpuint (mine->len, >, 0);
  g_assert_cmpuint (n_hints_shown (window), ==, 0);
  finish (window);
}

/* The player sits at East: the hint's spot, the board's and the log's
 * are one place. */
static void
test_manhattan (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autoptr(ParlorTable) table = parlor_table_new (&manhattan_game_info, "", 3, NULL);
  guint plays = 0;

  parlor_table_add_player_at (table, MANHATTAN_EAST, PARLOR_SEAT_LOCAL, "You", NULL);
  for (int s = 1; s < MANHATTAN_N_SEATS; s++)
    parlor_table_add_player (table, PARLOR_SEAT_AI, "Computer", "strong");
  start (window, "manhattan", table);
  g_assert_cmpuint (my_seat, ==, MANHATTAN_EAST);
  while (plays < 2 && wait_to_decide ())
    {
      g_autoptr(ParlorHint) hint = NULL;
      g_autofree char *spot = NULL;
      g_autofree char *log = NULL;
      const char *place;
      unsigned int card, city, block;
      int row, col;

      hint = take_hint (window);
      if (sscanf (hint->action, "play card=%u city=%u block=%u", &card, &city, &block) != 3)
        continue;
      plays++;
      manhattan_card_spot ((int) my_seat, (int) card, &row, &col);
      place = manhattan_position_name (manhattan_position_of_spot ((int) my_seat, row, col));
      spot = manhattan_board_view_describe_spot (MANHATTAN_BOARD_VIEW (manhattan_screen_get_board (screen)),
                                                 (int) city, row, col);
      log = parlor_game_screen_dup_log_text (screen);
      g_test_message ("hint: %s; board: %s", hint->words, spot);
      g_assert_nonnull (strstr (spot, place));
      g_assert_nonnull (strstr (hint->words, place));
      g_assert_nonnull (strstr (g_strrstr (log, "You build"), place));
    }
  g_assert_cmpuint (plays, ==, 2);
  finish (window);
}

/* Two turns of a mahjong game from hints, then on to a claim window with
 * a call in it, whose hint is taken too. Once shown, a hint is on no other
 * game's setup page. */
static void
test_mahjong (gconstpointer data)
{
  ParlorWindow *window = ui_test_get_window ();
  guint hinted = 0, calls_hinted = 0, steps = 0;

  start (window, data, NULL);
  while (calls_hinted == 0 && steps++ < 400 && wait_to_decide ())
    {
      if (hinted < 2 || offers_call ())
        {
          g_autoptr(ParlorHint) hint = NULL;

          /* A claim window is looked at in both sizes too. */
          if (offers_call ())
            sizes_seen = FALSE;
          hint = take_hint (window);

          hinted++;
          if (offers_call () || !g_str_has_prefix (hint->action, "discard"))
            g_test_message ("hinted %s", hint->action);
          if (!g_str_has_prefix (hint->action, "discard") && !g_str_equal (hint->action, "pass"))
            calls_hinted++;
        }
      else
        play_on ();
    }
  if (calls_hinted == 0)
    g_test_message ("no call was hinted in this game");

  /* A hint shown, then another game's setup page. */
  if (wait_to_decide ())
    {
      press_ctrl_h (window);
      ui_test_wait_for (was_told, NULL);
      g_assert_cmpuint (n_hints_shown (window), ==, 1);
      assert_nothing_covered (window);
      finish (window);
      parlor_window_show_game (window, "triad");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
      g_assert_cmpuint (n_hints_shown (window), ==, 0);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
    }
  else
    finish (window);
}

/* The player's own moves as the hint would make them, without asking. */
static void
play_as_hinted (void)
{
  ParlorSession *session = parlor_game_screen_get_session (screen);
  const ParlorGameInfo *info = parlor_table_get_info (parlor_session_get_table (session));
  g_autofree char *view = parlor_session_dup_view (session);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorHint) hint = parlor_hint_compute (info, view, NULL, NULL, &error);

  g_assert_no_error (error);
  moves_before = mine->len;
  g_assert_true (parlor_game_screen_submit (screen, hint->action, &error));
  g_assert_no_error (error);
  ui_test_wait_for (move_made, NULL);
}

/* A claim window offering a call that starts with @call. */
static gboolean
offers (const char *call)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (mahjong_screen_get_claim_bar (MAHJONG_SCREEN (screen)));

  if (!gtk_widget_get_mapped (GTK_WIDGET (bar)))
    return FALSE;
  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    if (g_str_has_prefix (mahjong_claim_bar_get_action (bar, i), call))
      return TRUE;
  return FALSE;
}

/* A claim window where the hint is a call of one kind (a chow in Chinese
 * Official, a ron in Suzume-jong), dealt from a known seed: Ctrl+H, Enter
 * makes exactly that call. */
static void
test_hinted_call (gconstpointer data)
{
  g_auto(GStrv) parts = g_strsplit (data, ":", 3);   /* game:call:seed */
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *old_seed = g_strdup (g_getenv ("PARLOR_SEED"));
  const char *call = parts[1];
  guint steps = 0;
  gboolean called = FALSE;

  g_setenv ("PARLOR_SEED", parts[2], TRUE);
  start (window, parts[0], NULL);
  g_setenv ("PARLOR_SEED", old_seed, TRUE);
  while (!called && steps++ < 600 && wait_to_decide ())
    {
      if (offers (call))
        {
          g_autoptr(ParlorHint) hint = NULL;

          /* The sizes are looked at in the other mahjong journeys. */
          sizes_seen = TRUE;
          hint = take_hint (window);
          g_test_message ("offered %s, hinted %s", call, hint->action);
          called = g_str_has_prefix (hint->action, call);
        }
      else
        play_as_hinted ();
    }
  if (!called)
    g_error ("no %s was hinted in the %s game dealt from %s", call, parts[0], parts[2]);
  finish (window);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  /* A claim window waits while the hint is looked at. */
  g_object_set (parlor_application_get_settings (ui_test_get_app ()), "claim-time-limit", 0, NULL);
  /* The same deals every run. */
  g_setenv ("PARLOR_SEED", "3", TRUE);
  mine = g_ptr_array_new_with_free_func (g_free);
  g_test_add_func ("/journeys/hint/triad", test_triad);
  g_test_add_func ("/journeys/hint/manhattan", test_manhattan);
  g_test_add_data_func ("/journeys/hint/jihai", "jihai", test_mahjong);
  g_test_add_data_func ("/journeys/hint/suzume", "suzume", test_mahjong);
  g_test_add_data_func ("/journeys/hint/mcr", "mcr", test_mahjong);
  g_test_add_data_func ("/journeys/hint/mcr-chow", "mcr:chow:3", test_hinted_call);
  g_test_add_data_func ("/journeys/hint/suzume-ron", "suzume:ron:3", test_hinted_call);
  return ui_test_run ();
}
