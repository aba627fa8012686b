/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "nim-screen.h"
#include "ui-test-util.h"

static gboolean
move_taken (gpointer data)
{
  return !parlor_game_screen_can_move (data);
}

static gboolean
my_move_or_over (gpointer data)
{
  ParlorGameScreen *screen = data;

  return parlor_game_screen_can_move (screen) ||
         g_strcmp0 (parlor_game_screen_get_page (screen), "result") == 0;
}

/* A screen that gives only its own parts plays a whole game through the
 * base: start, moves from the view's actions, the result, play again. */
static void
test_whole_game (void)
{
  NimScreen *screen = g_object_new (NIM_TYPE_SCREEN, NULL);
  ParlorGameScreen *base = PARLOR_GAME_SCREEN (screen);
  GtkWindow *window = GTK_WINDOW (adw_window_new ());
  guint moves = 0;

  adw_window_set_content (ADW_WINDOW (window), GTK_WIDGET (screen));
  gtk_window_present (window);
  g_assert_cmpstr (parlor_game_screen_get_page (base), ==, "setup");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "nim.start", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (base), ==, "play");
  g_assert_true (parlor_game_screen_is_playing (base));

  for (;;)
    {
      GtkWidget *take = nim_screen_get_take_button (screen, 1);

      ui_test_wait_for (my_move_or_over, screen);
      if (g_strcmp0 (parlor_game_screen_get_page (base), "result") == 0)
        break;
      g_assert_true (gtk_widget_get_sensitive (take));
      /* The base asks the screen where the keyboard goes on its own page. */
      g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (screen)));
      g_assert_true (gtk_window_get_focus (window) == take);
      /* As a click or a screen reader's action does; the button presses a moment first. */
      g_assert_true (gtk_widget_activate (take));
      ui_test_wait_for (move_taken, screen);
      moves++;
      g_assert_cmpuint (moves, <, 30);
    }
  g_assert_cmpuint (moves, >, 0);
  g_assert_cmpstr (nim_screen_get_pile_text (screen), ==, "0 stones");
  g_assert_cmpstr (nim_screen_get_result_text (screen), !=, "");
  g_assert_false (parlor_game_screen_is_playing (base));
  /* On the result page, the base's own: Play Again. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (screen)));
  g_assert_true (GTK_IS_BUTTON (gtk_window_get_focus (window)));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (gtk_window_get_focus (window))), ==, "_Play Again");

  /* Play Again starts the next game at once, with the same choices. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (screen), "nim.play-again", NULL));
  g_assert_cmpstr (parlor_game_screen_get_page (base), ==, "play");
  g_assert_true (parlor_game_screen_is_playing (base));
  g_assert_cmpstr (nim_screen_get_pile_text (screen), !=, "0 stones");
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/app/nim/whole-game", test_whole_game);
  return ui_test_run ();
}
