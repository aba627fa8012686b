/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <epoxy/gl.h>

#include "mahjong-claim-bar.h"
#include "mahjong-screen.h"
#include "parlor-game-screen.h"
#include "parlor-host-window.h"
#include "parlor-window.h"
#include "ui-test-util.h"

/* Waiting for a move costs next to nothing: the turn clock draws once a
 * second, and where GL is drawn by the CPU the windows are drawn by cairo,
 * which repaints only what changed. */

static gboolean renderer_was_set;

static void
test_software_gl (void)
{
  static const struct { const char *renderer; gboolean software; } cases[] = {
    { "llvmpipe (LLVM 15.0.6, 256 bits)", TRUE },
    { "softpipe", TRUE },
    { "Software Rasterizer", TRUE },
    { "Mesa DRI Intel(R) HD Graphics 620 (KBL GT2)", FALSE },
    { "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)", FALSE },
    { "NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2", FALSE },
    { "", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (parlor_application_is_software_gl (cases[i].renderer), ==, cases[i].software);
}

static gboolean
is_realized (gpointer widget)
{
  return gtk_widget_get_realized (widget);
}

/* The app's windows are drawn by cairo when GL is drawn by the CPU, as
 * under a virtual X server, and by GL on a GPU. */
static void
test_renderer (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autoptr(GdkGLContext) context = NULL;
  const char *gl_renderer = NULL;
  GskRenderer *renderer;

  if (renderer_was_set)
    {
      g_test_skip ("GSK_RENDERER is set: the app keeps it");
      return;
    }
  context = gdk_display_create_gl_context (gdk_display_get_default (), NULL);
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    {
      g_test_skip ("no GL here");
      return;
    }
  gdk_gl_context_make_current (context);
  gl_renderer = (const char *) glGetString (GL_RENDERER);
  g_assert_nonnull (gl_renderer);
  g_test_message ("GL_RENDERER: %s", gl_renderer);

  ui_test_wait_for (is_realized, window);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  g_assert_nonnull (renderer);
  g_test_message ("renderer: %s", G_OBJECT_TYPE_NAME (renderer));
  if (parlor_application_is_software_gl (gl_renderer))
    g_assert_cmpstr (G_OBJECT_TYPE_NAME (renderer), ==, "GskCairoRenderer");
  else
    g_assert_cmpstr (G_OBJECT_TYPE_NAME (renderer), !=, "GskCairoRenderer");
  gdk_gl_context_clear_current ();
}

/* ---- the turn clock draws once a second ---- */

static void
count_frame (GdkFrameClock *clock,
             guint         *frames)
{
  (*frames)++;
}

static void
count_change (GObject    *label,
              GParamSpec *pspec,
              guint      *changes)
{
  (*changes)++;
}

typedef struct
{
  GtkWidget *screen;
  gboolean   mahjong;
} Waiting;

/* The player is asked, with a clock running: a turn, or a claim. */
static gboolean
clock_runs (gpointer data)
{
  Waiting *w = data;
  const char *clock = parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (w->screen));

  if (w->mahjong &&
      mahjong_claim_bar_get_seconds_left (MAHJONG_CLAIM_BAR (mahjong_screen_get_claim_bar (MAHJONG_SCREEN (w->screen)))) > 0)
    return TRUE;
  return clock != NULL && g_ascii_isdigit (clock[0]);
}

static guint
count_frames (GtkWidget *widget,
              guint      ms)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  guint frames = 0;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);

  ui_test_iterate (ms);
  g_signal_handler_disconnect (clock, id);
  return frames;
}

/* The computers have moved and the new page is drawn: a second and a bit
 * with no more than the clock's frames. */
static void
wait_quiet (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  guint frames;

  while ((frames = count_frames (widget, 1200)) > 2 && g_get_monotonic_time () < end)
    g_test_message ("%u frames in 1.2 s: not quiet yet", frames);
  if (frames > 2)
    g_error ("The window never grew quiet: %u frames in 1.2 s", frames);
}

static GtkLabel *
find_clock_label (GtkWidget  *root,
                  const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) && g_str_equal (gtk_label_get_text (GTK_LABEL (root)), text))
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_clock_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
check_clock (gconstpointer data)
{
  const char *id = data;
  ParlorWindow *window = ui_test_get_window ();
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  gboolean mahjong = !g_str_equal (id, "manhattan") && !g_str_equal (id, "triad");
  g_autofree char *start = g_strdup_printf ("%s.start", id);
  Waiting w = { NULL, mahjong };
  GtkLabel *label = NULL;
  guint frames = 0, changes = 0;
  gulong change_id = 0;

  g_object_set (settings, "time-limit", 120, "claim-time-limit", 60, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  if (mahjong)
    w.screen = ui_test_mahjong_start (id, 7);
  else
    {
      parlor_window_show_game (window, id);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
      w.screen = parlor_window_get_screen (window);
      g_assert_true (gtk_widget_activate_action (w.screen, start, NULL));
    }
  ui_test_wait_for (clock_runs, &w);
  wait_quiet (GTK_WIDGET (window));
  g_assert_true (clock_runs (&w));

  /* On a busy machine a computer's late move can fall in one window; a
   * redraw that never stops fills every one of them. */
  for (guint tries = 0; tries < 3; tries++)
    {
      guint try_changes = 0, try_frames;

      label = find_clock_label (w.screen, parlor_game_screen_get_clock_text (PARLOR_GAME_SCREEN (w.screen)));
      if (label != NULL)
        change_id = g_signal_connect (label, "notify::label", G_CALLBACK (count_change), &try_changes);
      try_frames = count_frames (GTK_WIDGET (window), 4000);
      if (label != NULL)
        g_signal_handler_disconnect (label, change_id);
      g_test_message ("%s: %u frames and %u clock changes in 4 s of waiting", id, try_frames, try_changes);
      if (tries == 0 || try_frames < frames)
        {
          frames = try_frames;
          changes = try_changes;
        }
      if (frames <= 5 && changes <= 5)
        break;
      wait_quiet (GTK_WIDGET (window));
    }
  g_assert_true (clock_runs (&w));
  /* One a second, and one more for a tick on the edge. */
  g_assert_cmpuint (frames, <=, 5);
  g_assert_cmpuint (changes, <=, 5);

  parlor_game_screen_set_session (PARLOR_GAME_SCREEN (w.screen), NULL);
  parlor_window_show_game (window, "manhattan");
  g_object_set (settings, "time-limit", 0, NULL);
}

/* ---- the lobby: waiting for friends to join ---- */

static void
test_host_waiting (void)
{
  ParlorWindow *window = ui_test_get_window ();
  ParlorHostWindow *host;
  ParlorStatusBanner *status;
  guint frames;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  parlor_window_show_game (window, "manhattan");
  host = g_object_ref (parlor_window_host_lan (window));
  status = parlor_host_window_get_status (host);
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_BUSY);
  ui_test_wait_for (is_realized, host);
  wait_quiet (GTK_WIDGET (host));
  frames = count_frames (GTK_WIDGET (host), 4000);
  g_test_message ("%u frames in 4 s of waiting for players", frames);
  g_assert_cmpuint (frames, <=, 5);
  g_assert_cmpint (parlor_status_banner_get_kind (status), ==, PARLOR_STATUS_BUSY);

  gtk_window_destroy (GTK_WINDOW (host));
  g_object_unref (host);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

int
main (int   argc,
      char *argv[])
{
  renderer_was_set = g_getenv ("GSK_RENDERER") != NULL;
  ui_test_init (&argc, &argv);
  g_test_add_func ("/idle/software-gl", test_software_gl);
  g_test_add_func ("/idle/renderer", test_renderer);
  g_test_add_data_func ("/idle/clock/manhattan", "manhattan", check_clock);
  g_test_add_data_func ("/idle/clock/triad", "triad", check_clock);
  g_test_add_data_func ("/idle/clock/jihai", "jihai", check_clock);
  g_test_add_data_func ("/idle/clock/suzume", "suzume", check_clock);
  g_test_add_data_func ("/idle/clock/mcr", "mcr", check_clock);
  g_test_add_func ("/idle/host-waiting", test_host_waiting);

  return ui_test_run ();
}
