/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "parlor-game-screen.h"
#include "parlor-games.h"
#include "parlor-replay.h"
#include "parlor-saved-game.h"
#include "ui-test-util.h"

/*
 * Journeys where features meet: a saved game on the setup page.
 */

/* The setup page's offer to continue, when it shows. */
static gboolean
continue_shown (GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return FALSE;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "_Continue Game") == 0)
    return gtk_widget_get_mapped (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (continue_shown (child))
      return TRUE;
  return FALSE;
}

static gboolean
screen_offers_continue (gpointer screen)
{
  return continue_shown (screen);
}

/* A triad game saved with @seats, its deal recorded. */
static char *
triad_saved (const char *seats)
{
  const ParlorGameInfo *info = parlor_games_lookup ("triad");
  g_autoptr(ParlorGame) game = info->new_game ("", 1, NULL);
  g_autoptr(GPtrArray) events = parlor_event_array_new ();
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "replay version=1\ngame id=triad seed=1 config=\n%s", seats);
  parlor_game_start (game, events);
  for (guint i = 0; i < events->len; i++)
    {
      g_autofree char *record = parlor_replay_format_event (g_ptr_array_index (events, i), NULL);

      g_string_append_printf (text, "%s\n", record);
    }
  return g_string_free (text, FALSE);
}

static gboolean
saved_file_gone (gpointer path)
{
  return !g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The setup page offers Continue only for a saved game known to be
 * playable: never while it is being checked, never for one that cannot
 * be played on (set aside, and said so), and once checked, a playable one. */
static void
test_saved_bar (void)
{
  ParlorWindow *window = ui_test_get_window ();
  g_autofree char *path = parlor_saved_game_get_path ("triad");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *remote = triad_saved ("seat index=0 name=A kind=local\nseat index=1 name=B kind=remote\n");
  g_autofree char *valid = triad_saved ("seat index=0 name=A kind=local\nseat index=1 name=B kind=ai level=easy\n");
  GtkWidget *screen;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, remote, -1, NULL));
  parlor_window_show_game (window, "triad");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  screen = parlor_window_get_screen (window);
  g_assert_cmpstr (parlor_game_screen_get_page (PARLOR_GAME_SCREEN (screen)), ==, "setup");
  ui_test_iterate (50);
  g_assert_false (continue_shown (screen));
  ui_test_wait_for (saved_file_gone, path);
  ui_test_iterate (50);
  g_assert_false (continue_shown (screen));
  g_assert_nonnull (strstr (parlor_window_get_announcement (window), "set aside"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));

  /* A playable one is offered once checked, and goes on. */
  g_assert_true (g_file_set_contents (path, valid, -1, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-local", NULL));
  ui_test_wait_for (screen_offers_continue, screen);
  ui_test_screenshot (GTK_WIDGET (window), "journeys-saved-bar");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  parlor_saved_game_remove ("triad");
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/journeys/saved-bar", test_saved_bar);
  return ui_test_run ();
}
