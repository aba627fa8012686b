/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "mahjong-screen.h"
#include "parlor-game-screen.h"
#include "parlor-host-window.h"
#include "parlor-log-view.h"
#include "parlor-session.h"
#include "ui-test-util.h"

static ParlorApplication *app;

/* GTK 4.8 can warn that it snapshots a widget "without a current
 * allocation" when a frame races a relayout on a loaded machine; later GTK
 * versions do not. It says nothing of our code, so it is not fatal here. */
static gboolean
is_gtk_allocation_race (const char *domain,
                        const char *message)
{
  return g_strcmp0 (domain, "Gtk") == 0 && message != NULL &&
         strstr (message, "without a current allocation") != NULL;
}

static GLogWriterOutput
write_log (GLogLevelFlags   level,
           const GLogField *fields,
           gsize            n_fields,
           gpointer         data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;
  if ((level & G_LOG_LEVEL_WARNING) && is_gtk_allocation_race (domain, message))
    {
      fprintf (stderr, "(not fatal) %s\n", message);
      return G_LOG_WRITER_HANDLED;
    }
  return g_log_writer_default (level, fields, n_fields, data);
}

static gboolean
is_fatal (const char     *domain,
          GLogLevelFlags  level,
          const char     *message,
          gpointer        data)
{
  return !is_gtk_allocation_race (domain, message);
}

static char *data_home;

/* Saved games go to a data directory of the test's own, shared with the
 * subprocesses it starts (PARLOR_TEST_DATA_HOME), removed at the end. */
static void
use_own_data_home (void)
{
  const char *shared = g_getenv ("PARLOR_TEST_DATA_HOME");

  if (shared != NULL)
    {
      g_setenv ("XDG_DATA_HOME", shared, TRUE);
      return;
    }
  data_home = g_dir_make_tmp ("parlor-test-data-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("PARLOR_TEST_DATA_HOME", data_home, TRUE);
}

static void
remove_tree (GFile *file)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  if (children != NULL)
    {
      GFileInfo *info;

      while ((info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
        {
          g_autoptr(GFile) child = g_file_get_child (file, g_file_info_get_name (info));

          remove_tree (child);
          g_object_unref (info);
        }
    }
  g_file_delete (file, NULL, NULL);
}

const char *
ui_test_get_data_home (void)
{
  return g_getenv ("XDG_DATA_HOME");
}

void
ui_test_init (int    *argc,
              char ***argv)
{
  use_own_data_home ();
  g_log_set_writer_func (write_log, NULL, NULL);
  gtk_test_init (argc, argv, NULL);
  g_test_log_set_fatal_handler (is_fatal, NULL);
  /* PARLOR_LOCALEDIR: screenshots in another language from the build tree. */
  if (g_getenv ("PARLOR_LOCALEDIR") != NULL)
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PARLOR_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  adw_init ();
  /* Tests see the end state at once: no animation runs. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_setenv ("PARLOR_AI_DELAY_MS", "0", TRUE);
  g_setenv ("PARLOR_LAN_ADDRESS", "127.0.0.1", TRUE);
  g_setenv ("PARLOR_LAN_PORT", "0", TRUE);

  app = parlor_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_object_set (parlor_application_get_settings (app), "time-limit", 0, NULL);
}

ParlorApplication *
ui_test_get_app (void)
{
  return app;
}

int
ui_test_run (void)
{
  int status = g_test_run ();

  g_clear_object (&app);
  if (data_home != NULL)
    {
      g_autoptr(GFile) dir = g_file_new_for_path (data_home);

      remove_tree (dir);
    }
  return status;
}

void
ui_test_iterate (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* The app's first window, opened on first use. */
ParlorWindow *
ui_test_get_window (void)
{
  static GtkWindow *window;

  if (window == NULL)
    {
      g_application_activate (G_APPLICATION (app));
      ui_test_iterate (300);
      window = gtk_application_get_active_window (GTK_APPLICATION (app));
    }
  g_assert_true (PARLOR_IS_WINDOW (window));
  return PARLOR_WINDOW (window);
}

void
ui_test_wait_for_done (gboolean   (*done) (gpointer),
                       gpointer     data,
                       const char  *what)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  /* Generous for a busy machine; sleeps a little when nothing is due. */
  while (!done (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  if (!done (data))
    g_error ("Waited in vain for %s", what);
}

typedef struct
{
  GtkWidget     *widget;
  GdkPaintable  *paintable;
  GskRenderNode *node;
  int            w, h;
} Shot;

static void
on_after_paint (GdkFrameClock *clock,
                Shot          *shot)
{
  GtkSnapshot *snapshot;

  shot->w = gtk_widget_get_width (shot->widget);
  shot->h = gtk_widget_get_height (shot->widget);
  if (shot->node != NULL || shot->w <= 0 || shot->h <= 0)
    return;
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (shot->paintable, GDK_SNAPSHOT (snapshot), shot->w, shot->h);
  shot->node = gtk_snapshot_free_to_node (snapshot);
}

void
ui_test_screenshot (GtkWidget  *widget,
                    const char *name)
{
  /* Let page cross-fades and card flips finish first. */
  ui_test_screenshot_after (widget, name, 600);
}

void
ui_test_screenshot_after (GtkWidget  *widget,
                          const char *name,
                          guint       settle_ms)
{
  Shot shot = { widget, gtk_widget_paintable_new (widget), NULL, 0, 0 };
  g_autoptr(GdkTexture) texture = NULL;
  const char *build_dir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *dir = g_build_filename (build_dir != NULL ? build_dir : ".", "screenshots", NULL);
  g_autofree char *file = NULL;
  const char *lang = g_getenv ("LANGUAGE");
  GdkFrameClock *clock;
  GskRenderer *renderer;
  gulong handler;
  gint64 end;

  /* A widget has something to paint once it has been laid out: take the
   * picture right after a frame is painted, before anything else (a computer
   * move adding a log line, say) can add a widget that has no size yet. */
  ui_test_iterate (settle_ms);
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &shot);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (shot.node == NULL && g_get_monotonic_time () < end)
    {
      gtk_widget_queue_draw (widget);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  g_signal_handler_disconnect (clock, handler);
  g_object_unref (shot.paintable);
  g_assert_nonnull (shot.node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, shot.node, &GRAPHENE_RECT_INIT (0, 0, shot.w, shot.h));
  gsk_render_node_unref (shot.node);
  g_mkdir_with_parents (dir, 0755);
  file = g_strdup_printf ("%s/%s%s%s.png", dir, name, lang ? "-" : "", lang ? lang : "");
  g_assert_true (gdk_texture_save_to_png (texture, file));
}

void
ui_test_screenshot_light_dark (GtkWidget  *widget,
                               const char *name)
{
  g_autofree char *dark = g_strdup_printf ("%s-dark", name);

  ui_test_screenshot (widget, name);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  ui_test_screenshot (widget, dark);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* Whether Tab, pressed again and again from the start, reaches @target
 * (or a widget inside it). */
gboolean
ui_test_reached_by_tab (GtkWidget *window,
                        GtkWidget *target)
{
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  for (guint i = 0; i < 100; i++)
    {
      GtkWidget *focus;

      g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_FORWARD);
      focus = gtk_window_get_focus (GTK_WINDOW (window));
      if (focus != NULL && (focus == target || gtk_widget_is_ancestor (focus, target)))
        return TRUE;
    }
  return FALSE;
}

/* The first visible toplevel window of @type, or NULL. */
GtkWindow *
ui_test_find_window (GType type)
{
  GListModel *list = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (list, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

gboolean
ui_test_two_players (gpointer host_window)
{
  return parlor_host_window_get_n_players (host_window) == 2;
}

static gboolean
can_move_or_over (gpointer screen)
{
  return parlor_game_screen_can_move (screen) || !parlor_game_screen_is_playing (screen);
}

gboolean
ui_test_play_first_move (gpointer screen)
{
  ParlorSession *session;
  ParlorTable *table;
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GError) error = NULL;

  ui_test_wait_for (can_move_or_over, screen);
  if (!parlor_game_screen_is_playing (screen))
    return FALSE;
  session = parlor_game_screen_get_session (screen);
  table = parlor_session_get_table (session);
  legal = parlor_game_legal_actions (parlor_table_get_game (table),
                                     parlor_session_get_seat (session));
  g_assert_true (parlor_game_screen_submit (screen, g_ptr_array_index (legal, 0), &error));
  g_assert_no_error (error);
  return TRUE;
}

/* ---- mahjong journeys ---- */

static const char *
page_of (GtkWidget *screen)
{
  return parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen));
}

static ParlorTable *
table_of (GtkWidget *screen)
{
  ParlorSession *session = parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen));

  return session != NULL ? parlor_session_get_table (session) : NULL;
}

GtkWidget *
ui_test_mahjong_start (const char *game_id,
                       guint       seed)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *text = g_strdup_printf ("%u", seed);
  g_autofree char *start = g_strconcat (game_id, ".start", NULL);
  g_autofree char *old_seed = g_strdup (g_getenv ("PARLOR_SEED"));
  GtkWidget *screen;

  g_setenv ("PARLOR_SEED", text, TRUE);
  parlor_window_show_game (window, game_id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = parlor_window_get_screen (window);
  g_assert_true (gtk_widget_activate_action (screen, start, NULL));
  if (old_seed != NULL)
    g_setenv ("PARLOR_SEED", old_seed, TRUE);
  else
    g_unsetenv ("PARLOR_SEED");
  g_assert_cmpstr (page_of (screen), ==, "play");
  return screen;
}

static gboolean
is_win (const char *action)
{
  return g_str_equal (action, "ron") || g_str_equal (action, "tsumo") || g_str_equal (action, "hu");
}

void
ui_test_mahjong_move (GtkWidget *screen)
{
  MahjongClaimBar *bar = MAHJONG_CLAIM_BAR (mahjong_screen_get_claim_bar (MAHJONG_SCREEN (screen)));
  GtkWidget *hand = mahjong_screen_get_my_hand (MAHJONG_SCREEN (screen));
  gboolean pass = FALSE;

  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (bar); i++)
    {
      const char *action = mahjong_claim_bar_get_action (bar, i);

      if (is_win (action))
        {
          g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, i), "clicked");
          return;
        }
      pass |= g_str_equal (action, "pass");
    }
  if (pass)
    {
      /* Escape. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "claims.pass", NULL));
      return;
    }
  /* The drawn tile, at the end: End, then Enter. */
  g_assert_true (gtk_widget_activate_action (hand, "hand.move", "i", (int) MAHJONG_HAND_MAX));
  g_assert_true (gtk_widget_activate_action (hand, "hand.activate", NULL));
}

typedef struct
{
  GtkWidget *screen;
  guint      n_actions;
} Watch;

static guint
n_records (GtkWidget *screen)
{
  ParlorTable *table = table_of (screen);

  return table != NULL ? parlor_table_get_record (table)->len : 0;
}

static gboolean
my_move_or_page (gpointer data)
{
  GtkWidget *screen = data;

  return g_strcmp0 (page_of (screen), "play") != 0 || table_of (screen) == NULL ||
         parlor_table_is_over (table_of (screen)) || mahjong_screen_is_waiting (MAHJONG_SCREEN (screen));
}

gboolean
ui_test_mahjong_play_to_hand_page (GtkWidget *screen)
{
  gint64 end = g_get_monotonic_time () + 240 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      ui_test_wait_for (my_move_or_page, screen);
      if (g_strcmp0 (page_of (screen), "hand") == 0)
        return TRUE;
      if (g_strcmp0 (page_of (screen), "play") != 0 || parlor_table_is_over (table_of (screen)))
        return FALSE;
      ui_test_mahjong_move (screen);
    }
  g_error ("No hand ended in time");
  return FALSE;
}

static gboolean
others_moved (gpointer data)
{
  Watch *watch = data;

  return g_strcmp0 (page_of (watch->screen), "play") != 0 || parlor_table_is_over (table_of (watch->screen)) ||
         n_records (watch->screen) >= watch->n_actions + 2;
}

void
ui_test_mahjong_assert_goes_on (GtkWidget *screen)
{
  /* The player's move, and one at least of another seat's. */
  Watch watch = { screen, 0 };

  g_assert_cmpstr (page_of (screen), ==, "play");
  g_assert_false (parlor_session_get_paused (parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen))));
  g_assert_false (ui_test_shows_label (screen, "Paused"));
  watch.n_actions = n_records (screen);
  ui_test_wait_for (my_move_or_page, screen);
  /* The computers played the hand to its end meanwhile. */
  if (g_strcmp0 (page_of (screen), "play") != 0)
    {
      g_assert_cmpuint (n_records (screen), >, watch.n_actions);
      return;
    }
  watch.n_actions = n_records (screen);
  ui_test_mahjong_move (screen);
  ui_test_wait_for (others_moved, &watch);
}

gboolean
ui_test_shows_label (GtkWidget  *widget,
                     const char *text)
{
  if (!gtk_widget_get_visible (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ui_test_shows_label (child, text))
      return TRUE;
  return FALSE;
}

guint
ui_test_count_win_hands (GtkWidget *widget)
{
  guint n = 0;

  if (!gtk_widget_get_visible (widget))
    return 0;
  if (MAHJONG_IS_HAND_VIEW (widget))
    return mahjong_hand_view_get_n_tiles (MAHJONG_HAND_VIEW (widget)) > 0 ? 1 : 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += ui_test_count_win_hands (child);
  return n;
}

static char *
log_text (GtkWidget *screen)
{
  return parlor_game_screen_dup_log_text (PARLOR_GAME_SCREEN (screen));
}

static gboolean
timed_out_told (gpointer screen)
{
  g_autofree char *text = log_text (screen);

  return strstr (text, "Your time ran out") != NULL;
}

/* A hand ends (the player's turn once runs out on the way), Back, Continue:
 * the log is as it was, the hand's result is back as the player left it,
 * and after Next Hand the game goes on into the next hand. */
void
ui_test_mahjong_continue_journey (const char *game_id,
                                  guint       seed)
{
  ParlorWindow *window = ui_test_get_window ();
  GtkWidget *screen = ui_test_mahjong_start (game_id, seed);
  g_autofree char *next = g_strconcat (game_id, ".next-hand", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *result = NULL;
  guint hands;

  /* The player lets the clock make one move (from the next prompt on). */
  parlor_table_set_time_limit (table_of (screen), 1);
  ui_test_wait_for (my_move_or_page, screen);
  if (mahjong_screen_is_waiting (MAHJONG_SCREEN (screen)))
    ui_test_mahjong_move (screen);
  ui_test_wait_for (timed_out_told, screen);
  parlor_table_set_time_limit (table_of (screen), 0);

  g_assert_true (ui_test_mahjong_play_to_hand_page (screen));
  hands = mahjong_screen_get_n_hands_ended (MAHJONG_SCREEN (screen));
  before = log_text (screen);
  result = g_strdup (mahjong_screen_get_hand_text (MAHJONG_SCREEN (screen)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.continue-game", NULL));
  screen = parlor_window_get_screen (window);
  after = log_text (screen);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (mahjong_screen_get_n_hands_ended (MAHJONG_SCREEN (screen)), ==, hands);
  g_assert_cmpstr (page_of (screen), ==, "hand");
  g_assert_cmpstr (mahjong_screen_get_hand_text (MAHJONG_SCREEN (screen)), ==, result);
  g_assert_true (gtk_widget_get_mapped (mahjong_screen_get_next_button (MAHJONG_SCREEN (screen))));
  g_assert_true (gtk_widget_activate_action (screen, next, NULL));
  ui_test_mahjong_assert_goes_on (screen);
  /* And on to the next hand's end. */
  if (ui_test_mahjong_play_to_hand_page (screen))
    g_assert_cmpuint (mahjong_screen_get_n_hands_ended (MAHJONG_SCREEN (screen)), >, hands);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
}

static gboolean
can_undo (gpointer screen)
{
  return parlor_game_screen_can_undo (screen);
}

static guint
n_actions (GtkWidget *screen)
{
  ParlorTable *table = table_of (screen);
  GPtrArray *record = table != NULL ? parlor_table_get_record (table) : NULL;
  guint n = 0;

  for (guint i = 0; record != NULL && i < record->len; i++)
    n += g_str_has_prefix (g_ptr_array_index (record, i), "action ");
  return n;
}

static gboolean
acted (gpointer data)
{
  Watch *watch = data;

  return n_actions (watch->screen) > watch->n_actions;
}

/* Moves of later hands undone (the record is played again through a
 * hand's end). A move the computers' moves came before goes back to the
 * table, and the game goes on; a hand's first move goes back to the hand
 * before's result, as the player saw it then, and Next Hand goes on. */
void
ui_test_mahjong_undo_journey (const char *game_id,
                              guint       seed)
{
  ParlorWindow *window = ui_test_get_window ();
  GtkWidget *screen = ui_test_mahjong_start (game_id, seed);
  g_autofree char *next = g_strconcat (game_id, ".next-hand", NULL);
  gboolean to_table = FALSE, to_result = FALSE;

  for (guint hand = 0; hand < 12 && !(to_table && to_result); hand++)
    {
      g_autofree char *result = NULL;
      guint before;

      if (!ui_test_mahjong_play_to_hand_page (screen))
        break;
      result = g_strdup (mahjong_screen_get_hand_text (MAHJONG_SCREEN (screen)));
      g_assert_true (gtk_widget_activate_action (screen, next, NULL));
      before = n_actions (screen);
      ui_test_wait_for (my_move_or_page, screen);
      if (g_strcmp0 (page_of (screen), "play") != 0 || parlor_table_is_over (table_of (screen)))
        continue;
      if (n_actions (screen) == before ? to_result : to_table)
        continue;
      if (n_actions (screen) == before)
        {
          Watch watch = { screen, before };

          to_result = TRUE;
          ui_test_mahjong_move (screen);
          ui_test_wait_for (acted, &watch);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
          g_assert_cmpstr (page_of (screen), ==, "hand");
          g_assert_cmpstr (mahjong_screen_get_hand_text (MAHJONG_SCREEN (screen)), ==, result);
          g_assert_true (gtk_widget_activate_action (screen, next, NULL));
          ui_test_mahjong_assert_goes_on (screen);
        }
      else
        {
          to_table = TRUE;
          ui_test_mahjong_assert_goes_on (screen);
          ui_test_wait_for (can_undo, screen);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
          ui_test_mahjong_assert_goes_on (screen);
        }
    }
  g_test_message ("undone to the table: %d; to a hand's result: %d", to_table, to_result);
  g_assert_true (to_result);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
}

/* Paused on a hand's result and resumed: the result is back, and after
 * Next Hand the game goes on; paused and resumed again in play, too. */
void
ui_test_mahjong_pause_journey (const char *game_id,
                               guint       seed)
{
  ParlorWindow *window = ui_test_get_window ();
  GtkWidget *screen = ui_test_mahjong_start (game_id, seed);
  g_autofree char *next = g_strconcat (game_id, ".next-hand", NULL);

  g_assert_true (ui_test_mahjong_play_to_hand_page (screen));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_cmpstr (page_of (screen), ==, "paused");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_cmpstr (page_of (screen), ==, "hand");
  g_assert_true (parlor_session_get_paused (parlor_game_screen_get_session (PARLOR_GAME_SCREEN (screen))));
  g_assert_true (gtk_widget_activate_action (screen, next, NULL));
  ui_test_mahjong_assert_goes_on (screen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  ui_test_mahjong_assert_goes_on (screen);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
}
