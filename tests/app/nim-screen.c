/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "nim-screen"

#include "config.h"

#include "nim-game.h"
#include "nim-screen.h"
#include "nim-view.h"

struct _NimScreen
{
  ParlorGameScreen  parent_instance;

  GtkWidget        *setup;
  GtkLabel         *pile_label;
  GtkWidget        *take[NIM_MAX_TAKE];
  GtkLabel         *result_label;
  NimView           view;
};

G_DEFINE_FINAL_TYPE (NimScreen, nim_screen, PARLOR_TYPE_GAME_SCREEN)

static gboolean
nim_screen_show_view (ParlorGameScreen  *screen,
                      const char        *line,
                      GError           **error)
{
  NimScreen *self = NIM_SCREEN (screen);
  g_autofree char *text = NULL;
  gboolean can_move = parlor_game_screen_can_move (screen);

  if (!nim_view_parse (line, &self->view, error))
    return FALSE;
  text = g_strdup_printf ("%u stones", self->view.pile);
  gtk_label_set_text (self->pile_label, text);
  /* Only what the view offers: the screen works out nothing. */
  for (guint k = 0; k < NIM_MAX_TAKE; k++)
    gtk_widget_set_sensitive (self->take[k], can_move && k < self->view.n_actions);
  return TRUE;
}

static void
on_take (GtkButton *button,
         NimScreen *self)
{
  guint k = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "stones"));
  g_autoptr(GError) error = NULL;

  if (k <= self->view.n_actions &&
      !parlor_game_screen_submit (PARLOR_GAME_SCREEN (self), self->view.actions[k - 1], &error))
    parlor_game_screen_toast (PARLOR_GAME_SCREEN (self), error->message);
}

static guint
nim_screen_seat_players (ParlorGameScreen *screen,
                         ParlorTable      *table,
                         const char       *name)
{
  guint player = parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, name, NULL);

  parlor_table_add_player_at (table, 1, PARLOR_SEAT_AI, "Computer", "perfect");
  return player;
}

static void
nim_screen_reset (ParlorGameScreen *screen)
{
  NimScreen *self = NIM_SCREEN (screen);

  gtk_label_set_text (self->pile_label, "");
  gtk_label_set_text (self->result_label, "");
}

static void
nim_screen_begin_play (ParlorGameScreen *screen)
{
  parlor_game_screen_show_page (screen, "play");
  parlor_game_screen_refresh (screen);
}

static void
nim_screen_game_over (ParlorGameScreen *screen,
                      const char       *result)
{
  NimScreen *self = NIM_SCREEN (screen);
  ParlorSession *session = parlor_game_screen_get_session (screen);
  gboolean won = session != NULL && g_str_has_suffix (result, "winner=0") &&
                 parlor_session_get_seat (session) == 0;

  parlor_game_screen_refresh (screen);
  gtk_label_set_text (self->result_label, won ? "You took the last stone" : "The computer won");
  parlor_game_screen_show_result_page (screen);
}

static void
nim_screen_dispose (GObject *object)
{
  NimScreen *self = NIM_SCREEN (object);

  parlor_game_screen_set_session (PARLOR_GAME_SCREEN (self), NULL);

  G_OBJECT_CLASS (nim_screen_parent_class)->dispose (object);
}

/* The first button that takes stones. */
static gboolean
nim_screen_focus_play (ParlorGameScreen *screen,
                       const char       *page)
{
  return gtk_widget_grab_focus (NIM_SCREEN (screen)->take[0]);
}

static void
nim_screen_class_init (NimScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);

  object_class->dispose = nim_screen_dispose;
  parlor_game_screen_class_set_game (widget_class, &nim_game_info);
  screen_class->seat_players = nim_screen_seat_players;
  screen_class->reset = nim_screen_reset;
  screen_class->begin_play = nim_screen_begin_play;
  screen_class->show_view = nim_screen_show_view;
  screen_class->game_over = nim_screen_game_over;
  screen_class->focus_play = nim_screen_focus_play;
}

static void
nim_screen_init (NimScreen *self)
{
  GtkWidget *play = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  self->setup = gtk_button_new_with_mnemonic ("_Start");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->setup), "nim.start");
  parlor_game_screen_set_setup (PARLOR_GAME_SCREEN (self), self->setup);

  self->pile_label = GTK_LABEL (gtk_label_new (""));
  gtk_box_append (GTK_BOX (play), GTK_WIDGET (self->pile_label));
  for (guint k = 0; k < NIM_MAX_TAKE; k++)
    {
      g_autofree char *label = g_strdup_printf ("Take %u", k + 1);

      self->take[k] = gtk_button_new_with_label (label);
      g_object_set_data (G_OBJECT (self->take[k]), "stones", GUINT_TO_POINTER (k + 1));
      g_signal_connect (self->take[k], "clicked", G_CALLBACK (on_take), self);
      gtk_box_append (GTK_BOX (play), self->take[k]);
    }
  parlor_game_screen_set_play (PARLOR_GAME_SCREEN (self), play);

  self->result_label = GTK_LABEL (gtk_label_new (""));
  parlor_game_screen_add_result (PARLOR_GAME_SCREEN (self), GTK_WIDGET (self->result_label));
}

GtkWidget *
nim_screen_get_take_button (NimScreen *self,
                            guint      stones)
{
  g_return_val_if_fail (NIM_IS_SCREEN (self), NULL);
  g_return_val_if_fail (stones >= 1 && stones <= NIM_MAX_TAKE, NULL);
  return self->take[stones - 1];
}

const char *
nim_screen_get_pile_text (NimScreen *self)
{
  g_return_val_if_fail (NIM_IS_SCREEN (self), NULL);
  return gtk_label_get_text (self->pile_label);
}

const char *
nim_screen_get_result_text (NimScreen *self)
{
  g_return_val_if_fail (NIM_IS_SCREEN (self), NULL);
  return gtk_label_get_text (self->result_label);
}
