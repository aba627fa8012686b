/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "mahjong-melds-view.h"
#include "mahjong-river-view.h"
#include "mahjong-screen.h"
#include "mahjong-table-view.h"
#include "manhattan-game.h"
#include "manhattan-rules.h"
#include "parlor-game-screen.h"
#include "parlor-window.h"
#include "ui-test-util.h"

/* Every game fits a 1280×800 and an 800×600 window: the table whole, the
 * mahjong tiles big enough to read, no text cut short. */

typedef struct
{
  int    width, height;
  double discard_min;   /* the smallest discard, in pixels tall */
  double hand_min;      /* your own hand's tiles */
} Size;

static const Size sizes[] = {
  { 1280, 800, 36, 56 },
  { 800, 600, 24, 40 },
};

static ParlorWindow *
window (void)
{
  return ui_test_get_window ();
}

static GtkWidget *
start_game (const char *id)
{
  ParlorWindow *win = window ();
  g_autofree char *start = g_strdup_printf ("%s.start", id);
  GtkWidget *screen;

  parlor_window_show_game (win, id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), "win.play-local", NULL));
  screen = parlor_window_get_screen (win);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  g_assert_true (gtk_widget_activate_action (screen, start, NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "play");
  return screen;
}

static void
leave_game (void)
{
  GtkWidget *screen = parlor_window_get_screen (window ());

  parlor_game_screen_set_session (PARLOR_GAME_SCREEN (screen), NULL);
  parlor_window_show_game (window (), "manhattan");
}

/* The window has the size asked for, and the log is folded on a narrow one. */
typedef struct
{
  const Size *size;
  GtkWidget  *screen;
} Wanted;

static gboolean
window_sized (gpointer data)
{
  const Wanted *w = data;
  GtkWidget *win = GTK_WIDGET (window ());

  return gtk_widget_get_width (win) == w->size->width &&
         gtk_widget_get_height (win) == w->size->height &&
         parlor_game_screen_get_log_shown (PARLOR_GAME_SCREEN (w->screen)) == (w->size->width >= 1000);
}

static void
resize (GtkWidget  *screen,
        const Size *size)
{
  Wanted w = { size, screen };

  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  int dw = 0, dh = 0;

  /* The default size counts the window's frame (its shadow) too. */
  gtk_window_get_default_size (GTK_WINDOW (window ()), &dw, &dh);
  dw -= gtk_widget_get_width (GTK_WIDGET (window ()));
  dh -= gtk_widget_get_height (GTK_WIDGET (window ()));
  gtk_window_set_default_size (GTK_WINDOW (window ()), size->width + dw, size->height + dh);
  /* Asked again now and then: the log folds only once the window is narrow,
   * and a window grown meanwhile keeps its size. */
  for (gint64 again = g_get_monotonic_time () + G_USEC_PER_SEC;
       !window_sized (&w) && g_get_monotonic_time () < end;)
    {
      if (g_get_monotonic_time () > again)
        {
          gtk_window_set_default_size (GTK_WINDOW (window ()), size->width + dw + 1, size->height + dh);
          gtk_window_set_default_size (GTK_WINDOW (window ()), size->width + dw, size->height + dh);
          again = g_get_monotonic_time () + G_USEC_PER_SEC;
        }
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  if (!window_sized (&w))
    g_error ("The window asked for %d×%d (%+d, %+d) is %d×%d, its log %s", size->width, size->height, dw, dh,
             gtk_widget_get_width (GTK_WIDGET (window ())), gtk_widget_get_height (GTK_WIDGET (window ())),
             parlor_game_screen_get_log_shown (PARLOR_GAME_SCREEN (screen)) ? "shown" : "hidden");
}

/* @widget lies wholly inside the window: nothing of it is scrolled or cut away. */
static gboolean
inside_window (GtkWidget *widget)
{
  GtkWidget *win = GTK_WIDGET (window ());
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (widget, win, &bounds))
    return FALSE;
  return bounds.origin.x >= -0.5 && bounds.origin.y >= -0.5 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (win) + 0.5 &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (win) + 0.5;
}

/* Every label shown in @root says all its words: none ends in "…". */
static GtkWidget *
find_ellipsized (GtkWidget *root)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (GTK_IS_LABEL (root) && gtk_label_get_ellipsize (GTK_LABEL (root)) != PANGO_ELLIPSIZE_NONE &&
      *gtk_label_get_text (GTK_LABEL (root)) != '\0' &&
      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (root))))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_ellipsized (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
assert_no_ellipsis (GtkWidget  *screen,
                    const char *where)
{
  GtkWidget *label = find_ellipsized (screen);

  if (label != NULL)
    g_error ("%s: the label \"%s\" is cut short", where, gtk_label_get_text (GTK_LABEL (label)));
}

/* ---- mahjong ---- */

typedef struct
{
  GtkWidget  *screen;
  const Size *size;
  double      discard, hand, flower;
  char       *why;
} Fit;

static double
hand_tile_height (MahjongHandView *hand)
{
  guint n = mahjong_hand_view_get_n_tiles (hand);
  double least = G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    least = MIN (least, gtk_widget_get_height (mahjong_hand_view_get_tile_widget (hand, i)));
  return n > 0 ? least : 0;
}

/* In a game with flowers, each seat's flowers are as large as its discards.
 * A seat with neither melds nor flowers is shown two, to measure them. */
static double
flowers_fit (GtkWidget  *screen,
             char      **why)
{
  static const MahjongTile flowers[] = { MAHJONG_TILE_FLOWER, MAHJONG_TILE_FLOWER };
  MahjongTableView *table = mahjong_screen_get_table (MAHJONG_SCREEN (screen));
  double least = G_MAXDOUBLE;

  if (!g_str_equal (PARLOR_GAME_SCREEN_GET_CLASS (screen)->game_info->id, "mcr"))
    return 0;
  for (guint s = 0; s < mahjong_table_view_get_n_seats (table); s++)
    {
      MahjongMeldsView *melds = mahjong_table_view_get_melds (table, s);
      double river = mahjong_river_view_get_tile_height (mahjong_table_view_get_river (table, s));
      double flower;

      if (mahjong_melds_view_get_n_melds (melds) > 0)
        continue;
      if (mahjong_melds_view_get_tile_height (melds) == 0)
        mahjong_melds_view_set_melds (melds, NULL, 0, flowers, G_N_ELEMENTS (flowers));
      flower = mahjong_melds_view_get_tile_height (melds);
      least = MIN (least, flower);
      if (flower + 0.5 < river)
        {
          *why = g_strdup_printf ("seat %u's flowers %.1f px tall, its discards %.1f px", s, flower, river);
          break;
        }
    }
  return least;
}

static gboolean
mahjong_fits (gpointer data)
{
  Fit *fit = data;
  MahjongTableView *table = mahjong_screen_get_table (MAHJONG_SCREEN (fit->screen));
  MahjongHandView *hand = mahjong_table_view_get_hand (table, 0);

  fit->discard = G_MAXDOUBLE;
  for (guint s = 0; s < mahjong_table_view_get_n_seats (table); s++)
    fit->discard = MIN (fit->discard,
                        mahjong_river_view_get_tile_height (mahjong_table_view_get_river (table, s)));
  fit->hand = hand_tile_height (hand);
  g_clear_pointer (&fit->why, g_free);
  fit->flower = flowers_fit (fit->screen, &fit->why);
  if (fit->why != NULL)
    return FALSE;
  if (fit->discard < fit->size->discard_min)
    fit->why = g_strdup_printf ("discards %.1f px tall", fit->discard);
  else if (fit->hand < fit->size->hand_min)
    fit->why = g_strdup_printf ("your tiles %.1f px tall", fit->hand);
  else if (!inside_window (GTK_WIDGET (hand)) || !inside_window (GTK_WIDGET (table)))
    fit->why = g_strdup ("the table is cut by the window");
  return fit->why == NULL;
}

/* A hand or the match that ends meanwhile: on to the next, whose table is measured. */
static void
keep_playing (GtkWidget *screen)
{
  const char *id = PARLOR_GAME_SCREEN_GET_CLASS (screen)->game_info->id;
  const char *page = parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen));
  g_autofree char *action = NULL;

  if (g_strcmp0 (page, "hand") == 0)
    action = g_strdup_printf ("%s.next-hand", id);
  else if (g_strcmp0 (page, "result") == 0 || g_strcmp0 (page, "setup") == 0)
    action = g_strdup_printf ("%s.start", id);
  if (action != NULL)
    gtk_widget_activate_action (screen, action, NULL);
}

static gboolean
wait_fit (Fit *fit)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!mahjong_fits (fit) && g_get_monotonic_time () < end)
    {
      keep_playing (fit->screen);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return mahjong_fits (fit);
}

/* Plays on (your discards, passes on claims, the next hand) until every
 * river holds a few tiles, so the sizes are those of a game under way. */
static gboolean
rivers_filled (gpointer data)
{
  GtkWidget *screen = data;
  MahjongTableView *table = mahjong_screen_get_table (MAHJONG_SCREEN (screen));
  const char *page = parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen));
  guint least = G_MAXUINT;

  for (guint s = 0; s < mahjong_table_view_get_n_seats (table); s++)
    least = MIN (least, mahjong_river_view_get_n_discards (mahjong_table_view_get_river (table, s)));
  if (least >= 4 && g_strcmp0 (page, "play") == 0)
    return TRUE;
  if (g_strcmp0 (page, "play") != 0)
    keep_playing (screen);
  else if (parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)) &&
           !parlor_game_screen_escape (PARLOR_GAME_SCREEN (screen)))
    {
      MahjongHandView *hand = mahjong_table_view_get_hand (table, 0);
      guint n = mahjong_hand_view_get_n_tiles (hand);

      if (n > 0)
        g_signal_emit_by_name (hand, "tile-activated", (int) n - 1,
                               (guint) mahjong_hand_view_get_tile (hand, n - 1));
    }
  return FALSE;
}

static void
check_mahjong (gconstpointer data)
{
  const char *id = data;
  GtkWidget *screen = start_game (id);

  {
    gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;

    while (!rivers_filled (screen) && g_get_monotonic_time () < end)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    g_assert_true (rivers_filled (screen));
  }
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Fit fit = { screen, &sizes[i], 0, 0, 0, NULL };
      g_autofree char *name = g_strdup_printf ("fit-%s-%dx%d", id, sizes[i].width, sizes[i].height);

      resize (screen, &sizes[i]);
      if (!wait_fit (&fit))
        g_error ("%s at %dx%d: %s", id, sizes[i].width, sizes[i].height, fit.why);
      g_test_message ("%s at %dx%d: discards %.1f px, your tiles %.1f px, flowers %.1f px", id,
                      sizes[i].width, sizes[i].height, fit.discard, fit.hand, fit.flower);
      assert_no_ellipsis (screen, name);
      ui_test_screenshot_light_dark (GTK_WIDGET (window ()), name);
      g_free (fit.why);
    }
  leave_game ();
}

/* ---- Manhattan and Triple Triad: the board whole, no words cut ---- */

static gboolean
board_whole (gpointer data)
{
  GtkWidget *screen = data;
  GtkWidget *board = g_object_get_data (G_OBJECT (screen), "fit-board");

  return inside_window (board) && find_ellipsized (screen) == NULL;
}

static GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The part of the window's height the board's cities span. */
static double
cities_share (GtkWidget *board)
{
  double top = G_MAXDOUBLE, bottom = -G_MAXDOUBLE;

  for (GtkWidget *city = gtk_widget_get_first_child (board); city != NULL;
       city = gtk_widget_get_next_sibling (city))
    {
      graphene_rect_t bounds;

      if (!gtk_widget_compute_bounds (city, GTK_WIDGET (window ()), &bounds))
        continue;
      top = MIN (top, bounds.origin.y);
      bottom = MAX (bottom, bounds.origin.y + bounds.size.height);
    }
  return bottom > top ? (bottom - top) / gtk_widget_get_height (GTK_WIDGET (window ())) : 0;
}

static gboolean
board_has_share (gpointer data)
{
  GtkWidget *board = data;

  return gtk_widget_get_height (board) >= 0.58 * gtk_widget_get_height (GTK_WIDGET (window ())) &&
         cities_share (board) >= 0.44;
}

/* The board gets most of the window. Of 600 px the header bar takes 47 and
 * the panel below the board (two rows of cards, four block counts) about
 * 175, so the board can have 58% of the height, and its cities, inside the
 * seat names and beside the scores, 44% (each about 40% before). */
static void
assert_board_share (GtkWidget  *screen,
                    GtkWidget  *board,
                    const Size *size)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!board_has_share (board) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_test_message ("Manhattan at %dx%d: the board %d px of %d, its cities %.0f%%", size->width,
                  size->height, gtk_widget_get_height (board), gtk_widget_get_height (GTK_WIDGET (window ())),
                  100 * cities_share (board));
  if (!board_has_share (board))
    g_error ("Manhattan at %dx%d: the board has %d px of the window's %d, its cities %.0f%%", size->width,
             size->height, gtk_widget_get_height (board), gtk_widget_get_height (GTK_WIDGET (window ())),
             100 * cities_share (board));
}

static void
check_board (gconstpointer data)
{
  const char *id = data;
  GtkWidget *screen = start_game (id);
  g_autofree char *type_name = g_strdup_printf ("%sBoardView", g_str_equal (id, "triad") ? "Triad" : "Manhattan");
  GtkWidget *board = find_type (screen, g_type_from_name (type_name));

  g_assert_nonnull (board);
  g_object_set_data (G_OBJECT (screen), "fit-board", board);
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("fit-%s-%dx%d", id, sizes[i].width, sizes[i].height);

      resize (screen, &sizes[i]);
      ui_test_wait_for (board_whole, screen);
      assert_no_ellipsis (screen, name);
      ui_test_screenshot_light_dark (GTK_WIDGET (window ()), name);
      if (g_str_equal (id, "manhattan"))
        assert_board_share (screen, board, &sizes[i]);
    }
  leave_game ();
}

/* The widest of @root's shown descendants that need more than @width px,
 * told in words for the failure message. */
static void
tell_widest (GtkWidget *root,
             int        width,
             GString   *words,
             int        depth)
{
  int min;

  if (!gtk_widget_get_visible (root) || depth > 16)
    return;
  gtk_widget_measure (root, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  if (min < width)
    return;
  g_string_append_printf (words, "\n%*s%s %d px", depth * 2, "", G_OBJECT_TYPE_NAME (root), min);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    tell_widest (child, width, words, depth + 1);
}

/* The window can shrink to 800 px wide: its content needs no more. */
static void
assert_narrow_enough (GtkWidget  *screen,
                      const char *where)
{
  int min;

  gtk_widget_measure (GTK_WIDGET (window ()), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("%s: the window needs %d px wide", where, min);
  if (min > sizes[1].width)
    {
      g_autoptr(GString) words = g_string_new (NULL);

      tell_widest (screen, 300, words, 0);
      g_error ("%s: the window needs %d px wide, more than %d:%s", where, min, sizes[1].width, words->str);
    }
}

/* A four-player Manhattan game against the computer, at its first decision. */
static void
test_manhattan_four (void)
{
  g_autoptr(ParlorTable) table = parlor_table_new (&manhattan_game_info, "", 3, NULL);
  g_autoptr(GError) error = NULL;
  GtkWidget *screen, *board;
  gint64 end;

  parlor_table_add_player_at (table, MANHATTAN_EAST, PARLOR_SEAT_LOCAL, "You", NULL);
  for (int s = 1; s < MANHATTAN_N_SEATS; s++)
    parlor_table_add_player (table, PARLOR_SEAT_AI, "Computer", "strong");
  parlor_window_show_game (window (), "manhattan");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window ()), "win.play-local", NULL));
  screen = parlor_window_get_screen (window ());
  g_assert_true (parlor_game_screen_play_on (PARLOR_GAME_SCREEN (screen), table, &error));
  g_assert_no_error (error);
  end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (!parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_true (parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)));
  board = find_type (screen, g_type_from_name ("ManhattanBoardView"));
  g_assert_nonnull (board);
  g_object_set_data (G_OBJECT (screen), "fit-board", board);
  /* Measured wide, with the log beside the board, as the window is before it shrinks. */
  resize (screen, &sizes[0]);
  assert_narrow_enough (screen, "fit-manhattan-four");
  resize (screen, &sizes[1]);
  ui_test_wait_for (board_whole, screen);
  assert_no_ellipsis (screen, "fit-manhattan-four-800x600");
  ui_test_screenshot_light_dark (GTK_WIDGET (window ()), "fit-manhattan-four-800x600");
  assert_board_share (screen, board, &sizes[1]);
  leave_game ();
}

/* A claim window offering a chow in Chinese Official, dealt from a known
 * seed, fits 800×600: the window shrinks to it, the table whole. */
static gboolean
chow_offered (gpointer data)
{
  GtkWidget *screen = data;
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (mahjong_screen_get_claim_bar (MAHJONG_SCREEN (screen)));
  const char *page = parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen));

  if (gtk_widget_get_mapped (GTK_WIDGET (bar)))
    for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
      if (g_str_has_prefix (mahjong_claim_bar_get_action (bar, i), "chow"))
        return TRUE;
  if (g_strcmp0 (page, "play") != 0)
    keep_playing (screen);
  else if (parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)) &&
           !parlor_game_screen_escape (PARLOR_GAME_SCREEN (screen)))
    {
      MahjongHandView *hand = mahjong_table_view_get_hand (mahjong_screen_get_table (MAHJONG_SCREEN (screen)), 0);
      guint n = mahjong_hand_view_get_n_tiles (hand);

      if (n > 0)
        g_signal_emit_by_name (hand, "tile-activated", (int) n - 1,
                               (guint) mahjong_hand_view_get_tile (hand, n - 1));
    }
  return FALSE;
}

static void
test_mcr_chow (void)
{
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  g_autofree char *old_seed = g_strdup (g_getenv ("PARLOR_SEED"));
  GtkWidget *screen;
  gint64 end;

  g_object_set (settings, "claim-time-limit", 0, NULL);
  g_setenv ("PARLOR_SEED", "3", TRUE);
  screen = start_game ("mcr");
  if (old_seed != NULL)
    g_setenv ("PARLOR_SEED", old_seed, TRUE);
  else
    g_unsetenv ("PARLOR_SEED");
  end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while (!chow_offered (screen) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_true (chow_offered (screen));
  resize (screen, &sizes[0]);
  assert_narrow_enough (screen, "fit-mcr-chow");
  {
    Fit fit = { screen, &sizes[1], 0, 0, 0, NULL };

    resize (screen, &sizes[1]);
    if (!mahjong_fits (&fit))
      g_error ("mcr with a chow offered at 800x600: %s", fit.why);
    g_free (fit.why);
  }
  assert_no_ellipsis (screen, "fit-mcr-chow-800x600");
  ui_test_screenshot_light_dark (GTK_WIDGET (window ()), "fit-mcr-chow-800x600");
  leave_game ();
}

/* ---- setup pages: Start in sight without scrolling ---- */

static GtkWidget *
find_action_button (GtkWidget  *root,
                    const char *action)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
start_in_sight (gpointer button)
{
  return gtk_widget_get_mapped (button) && inside_window (button);
}

static void
check_setup (gconstpointer data)
{
  const char *id = data;
  g_autofree char *action = g_strdup_printf ("%s.start", id);
  GtkWidget *screen, *start;

  parlor_window_show_game (window (), id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window ()), "win.play-local", NULL));
  screen = parlor_window_get_screen (window ());
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  start = find_action_button (screen, action);
  g_assert_nonnull (start);
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("fit-%s-setup-%dx%d", id, sizes[i].width, sizes[i].height);
      gint64 end;

      resize (screen, &sizes[i]);
      end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
      while (!start_in_sight (start) && g_get_monotonic_time () < end)
        if (!g_main_context_iteration (NULL, FALSE))
          g_usleep (1000);
      if (!start_in_sight (start))
        {
          graphene_rect_t bounds = { 0 };

          if (!gtk_widget_compute_bounds (start, GTK_WIDGET (window ()), &bounds))
            bounds.origin.y = -1;
          g_error ("%s at %dx%d: Start is out of sight, its top at %.0f px", name, sizes[i].width,
                   sizes[i].height, bounds.origin.y);
        }
      assert_no_ellipsis (screen, name);
      ui_test_screenshot_light_dark (GTK_WIDGET (window ()), name);
    }
  parlor_window_show_game (window (), "manhattan");
}

/* Against the computer a claim window has the preference's time limit. */
static void
test_claim_time_limit (void)
{
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  GtkWidget *screen;
  ParlorTable *table;

  g_object_set (settings, "claim-time-limit", 5, NULL);
  screen = start_game ("mcr");
  table = parlor_session_get_table (parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen)));
  g_assert_cmpuint (parlor_table_get_prompt_time_limit (table, PARLOR_PROMPT_CLAIM), ==, 5);
  leave_game ();
  g_object_set (settings, "claim-time-limit", 0, NULL);
  screen = start_game ("mcr");
  table = parlor_session_get_table (parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen)));
  g_assert_cmpuint (parlor_table_get_prompt_time_limit (table, PARLOR_PROMPT_CLAIM), ==, 0);
  leave_game ();
}

/* F9 hides and shows the log, and the choice is kept for the next game. */
static gboolean
log_hidden (gpointer data)
{
  return !parlor_game_screen_get_log_shown (data);
}

static gboolean
log_shown (gpointer data)
{
  return parlor_game_screen_get_log_shown (data);
}

static void
test_log_toggle (void)
{
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  GSettings *gsettings = parlor_settings_get_settings (settings);
  GtkWidget *screen;

  resize (start_game ("triad"), &sizes[0]);
  screen = parlor_window_get_screen (window ());
  g_assert_true (parlor_game_screen_get_log_shown (PARLOR_GAME_SCREEN (screen)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window ()), "win.show-log", NULL));
  ui_test_wait_for (log_hidden, screen);
  g_assert_false (g_settings_get_boolean (gsettings, "show-log"));
  leave_game ();

  screen = start_game ("jihai");
  ui_test_wait_for (log_hidden, screen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window ()), "win.show-log", NULL));
  ui_test_wait_for (log_shown, screen);
  g_assert_true (g_settings_get_boolean (gsettings, "show-log"));
  leave_game ();
}

/* A window closed at one size opens at that size the next time. */
typedef struct
{
  GtkWidget *window;
  int        width, height;
} Shown;

static gboolean
shown_at (gpointer data)
{
  const Shown *shown = data;

  return gtk_widget_get_mapped (shown->window) &&
         gtk_widget_get_width (shown->window) == shown->width &&
         gtk_widget_get_height (shown->window) == shown->height;
}

static gboolean
mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

static void
test_window_size_remembered (void)
{
  ParlorWindow *first = parlor_window_new (ui_test_get_app ());
  ParlorWindow *second;
  Shown shown = { GTK_WIDGET (first), 0, 0 };
  int dw, dh;

  gtk_window_present (GTK_WINDOW (first));
  ui_test_wait_for (mapped, first);
  /* The default size counts the window's frame (its shadow) too. */
  gtk_window_get_default_size (GTK_WINDOW (first), &dw, &dh);
  shown.width = gtk_widget_get_width (GTK_WIDGET (first));
  shown.height = gtk_widget_get_height (GTK_WIDGET (first));
  ui_test_wait_for (shown_at, &shown);
  dw -= shown.width;
  dh -= shown.height;
  shown.width = 1000;
  shown.height = 700;
  gtk_window_set_default_size (GTK_WINDOW (first), 1000 + dw, 700 + dh);
  ui_test_wait_for (shown_at, &shown);
  gtk_window_close (GTK_WINDOW (first));

  second = parlor_window_new (ui_test_get_app ());
  shown.window = GTK_WIDGET (second);
  gtk_window_present (GTK_WINDOW (second));
  ui_test_wait_for (shown_at, &shown);
  gtk_window_destroy (GTK_WINDOW (second));
}

int
main (int   argc,
      char *argv[])
{
  static const char *mahjong[] = { "jihai", "suzume", "mcr" };

  ui_test_init (&argc, &argv);
  for (gsize i = 0; i < G_N_ELEMENTS (mahjong); i++)
    {
      g_autofree char *path = g_strdup_printf ("/fit/%s", mahjong[i]);

      g_test_add_data_func (path, mahjong[i], check_mahjong);
    }
  g_test_add_data_func ("/fit/manhattan", "manhattan", check_board);
  g_test_add_func ("/fit/manhattan-four", test_manhattan_four);
  g_test_add_func ("/fit/mcr-chow", test_mcr_chow);
  g_test_add_data_func ("/fit/triad", "triad", check_board);
  g_test_add_data_func ("/fit/triad-setup", "triad", check_setup);
  g_test_add_func ("/fit/claim-time-limit", test_claim_time_limit);
  g_test_add_func ("/fit/log-toggle", test_log_toggle);
  g_test_add_func ("/fit/window-size-remembered", test_window_size_remembered);
  return ui_test_run ();
}
