/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "triad-screen"

#include "config.h"

#include <stdio.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-screen-util.h"
#include "parlor-session.h"
#include "triad-board-view.h"
#include "triad-game.h"
#include "triad-hand-view.h"
#include "triad-screen-private.h"
#include "triad-setup.h"

#define N_SEATS 2

struct _TriadScreen
{
  ParlorGameScreen   parent_instance;

  GtkStack          *stack;   /* the base's */
  ParlorLogView     *log;
  TriadSetup        *setup;
  GtkWidget         *table_box;
  GtkLabel          *turn_label;
  GtkLabel          *news_label;
  GtkLabel          *score_label;
  GtkLabel          *clock_label;
  GtkLabel          *rules_label;
  TriadHandView     *their_hand;
  TriadBoardView    *board;
  GtkStack          *bottom_stack;
  TriadHandView     *my_hand;
  GtkWidget         *result_button;
  TriadBoardView    *result_board;

  TriadView          view;
  gboolean           has_view;
  int                final_score[N_SEATS];
  int                winner;        /* seat, or -1 for a draw */
  gboolean           finished;
};

G_DEFINE_FINAL_TYPE (TriadScreen, triad_screen, PARLOR_TYPE_GAME_SCREEN)

static int
opponent (TriadScreen *self)
{
  return PARLOR_SCREEN_SEAT (self) >= 0 ? 1 - PARLOR_SCREEN_SEAT (self) : 1;
}

static char    *triad_screen_host_config     (ParlorGameScreen  *screen,
                                              char             **summary);

static void
play_sound (TriadScreen      *self,
            ParlorSoundEvent  id)
{
  parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), id);
}

static gboolean
my_turn (TriadScreen *self)
{
  return self->has_view && PARLOR_SCREEN_SEAT (self) >= 0 && !self->finished &&
         triad_view_may_place (&self->view, -1, -1);
}

/* My turn, and no move of mine on its way to the host. */
static gboolean
can_move (TriadScreen *self)
{
  return my_turn (self) && parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
}

/* A LAN guest: the host has the table. */

static void
update_preview (TriadScreen *self)
{
  triad_board_view_set_preview (self->board, can_move (self)
                                             ? triad_hand_view_get_selected_card (self->my_hand)
                                             : NULL);
}

/* A replay shows moves already made: nobody is thinking. */
static gboolean
watching (TriadScreen *self)
{
  ParlorSession *session = PARLOR_SCREEN_SESSION (self);

  return session != NULL && parlor_session_is_replay (session);
}

static void
update_status (TriadScreen *self)
{
  g_autofree char *markup = NULL;
  const char *them = PARLOR_SCREEN_NAME (self, opponent (self)) != NULL ? PARLOR_SCREEN_NAME (self, opponent (self)) : "";
  const char *me = PARLOR_SCREEN_SEAT (self) >= 0 ? PARLOR_SCREEN_NAME (self, PARLOR_SCREEN_SEAT (self)) : "";
  guint mine = self->has_view && PARLOR_SCREEN_SEAT (self) >= 0 ? self->view.score[PARLOR_SCREEN_SEAT (self)] : 0;
  guint theirs = self->has_view ? self->view.score[opponent (self)] : 0;

  /* The colour chips repeat the card emblems: a circle is yours, a diamond theirs. */
  markup = g_markup_printf_escaped ("<span foreground=\"#3584e4\">●</span> %s  %u – %u  %s "
                                    "<span foreground=\"#e01b24\">◆</span>",
                                    me, mine, theirs, them);
  gtk_label_set_markup (self->score_label, markup);

  if (my_turn (self))
    gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->turn_label), "accent");

  if (self->finished || (self->has_view && self->view.turn < 0))
    gtk_label_set_text (self->turn_label, _("Game over"));
  else if (my_turn (self))
    gtk_label_set_text (self->turn_label, _("Your turn"));
  else if (self->has_view && watching (self))
    {
      /* Translators: whose move is next in a replay, "Computer (Hard) to play" */
      g_autofree char *text = g_strdup_printf (_("%s to play"), PARLOR_SCREEN_NAME (self, (guint) self->view.turn));

      gtk_label_set_text (self->turn_label, text);
    }
  else if (self->has_view)
    {
      /* Translators: "Computer (Hard) is thinking…" */
      g_autofree char *text = g_strdup_printf (_("%s is thinking…"), them);

      gtk_label_set_text (self->turn_label, text);
    }
  else
    gtk_label_set_text (self->turn_label, "");

  if (self->has_view)
    {
      g_autofree char *rules = triad_rules_summary (self->view.open, self->view.rules);
      g_autofree char *said = g_strdup_printf (_("Rules: %s"), rules);

      gtk_label_set_text (self->rules_label, rules);
      /* In full, where a narrow window cuts the line short. */
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->rules_label), said);
    }
  else
    {
      gtk_label_set_text (self->rules_label, "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->rules_label), NULL);
    }
}

static gboolean
triad_screen_show_view (ParlorGameScreen  *screen,
                        const char        *line,
                        GError           **error)
{
  TriadScreen *self = TRIAD_SCREEN (screen);
  gboolean mine;
  int other;

  if (!triad_view_parse (line, &self->view, error))
    return FALSE;
  self->has_view = TRUE;
  other = opponent (self);
  mine = can_move (self);

  triad_board_view_set_view (self->board, &self->view);
  triad_board_view_set_interactive (self->board, mine);
  triad_hand_view_set_cards (self->my_hand, self->view.hand[PARLOR_SCREEN_SEAT (self)],
                             self->view.n_hand[PARLOR_SCREEN_SEAT (self)], TRUE);
  triad_hand_view_set_interactive (self->my_hand, mine);
  triad_hand_view_set_cards (self->their_hand, self->view.hand[other], self->view.n_hand[other],
                             self->view.hand_known[other]);
  update_preview (self);
  update_status (self);
  return TRUE;
}

static void
update_names (TriadScreen *self)
{
  triad_board_view_set_opponent (self->board, PARLOR_SCREEN_NAME (self, opponent (self)));
  triad_hand_view_set_owner (self->my_hand, NULL, TRIAD_FACE_BLUE);
  triad_hand_view_set_owner (self->their_hand, PARLOR_SCREEN_NAME (self, opponent (self)), TRIAD_FACE_RED);
}

/* Players get their seats at the start, before the deal is announced. */

/* A move's takings are said with the move, not in its place. */
static void
triad_screen_take_event (ParlorGameScreen *screen,
                         ParlorLine       *line,
                         const char       *type,
                         const char       *words)
{
  TriadScreen *self = TRIAD_SCREEN (screen);
  const char *hands = parlor_line_get (line, "hands");
  const char *rules_text = parlor_line_get (line, "rules");
  TriadRules rules;

  if (words != NULL && g_str_equal (type, "flip") && *gtk_label_get_text (self->news_label) != '\0')
    {
      /* Translators: a move and what it takes, said together:
       * "Computer plays 9-6-2-1 on the right; Computer takes the card on the top" */
      g_autofree char *both = g_strdup_printf (_("%s; %s"), gtk_label_get_text (self->news_label), words);

      parlor_screen_announce (self->news_label, both);
    }
  else if (words != NULL)
    parlor_screen_announce (self->news_label, words);

  /* The host chose the rules: say them to both players. */
  if (g_str_equal (type, "start") && rules_text != NULL && triad_rules_from_string (rules_text, &rules))
    {
      g_autofree char *summary = triad_rules_summary (g_strcmp0 (hands, "open") == 0, rules);
      /* Translators: "Rules: Closed hands · Same · Combo" */
      g_autofree char *said = g_strdup_printf (_("Rules: %s"), summary);

      parlor_log_view_append (self->log, said, TRUE);
    }
}

static void
triad_screen_session_changed (ParlorGameScreen *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);
  gboolean had_focus = gtk_widget_has_focus (GTK_WIDGET (self->board));

  parlor_game_screen_refresh (screen);
  /* Back to the hand once the host took a move made from the board. */
  if (parlor_game_screen_is_guest (PARLOR_GAME_SCREEN (self)) && had_focus && !can_move (self) && !self->finished)
    gtk_widget_grab_focus (GTK_WIDGET (self->my_hand));
}

static void
finish_game (TriadScreen *self,
             const char  *result)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (result, NULL);
  gint64 s0 = 0, s1 = 0;
  const char *winner;
  gboolean had_focus;

  if (line == NULL ||
      !parlor_line_get_int (line, "score0", 0, TRIAD_N_CELLS, &s0, NULL) ||
      !parlor_line_get_int (line, "score1", 0, TRIAD_N_CELLS, &s1, NULL))
    return;
  winner = parlor_line_get (line, "winner");
  self->final_score[0] = s0;
  self->final_score[1] = s1;
  self->winner = g_strcmp0 (winner, "0") == 0 ? 0 : g_strcmp0 (winner, "1") == 0 ? 1 : -1;
  self->finished = TRUE;

  play_sound (self, PARLOR_SOUND_ROUND_END);
  had_focus = gtk_widget_has_focus (GTK_WIDGET (self->my_hand)) ||
              gtk_widget_has_focus (GTK_WIDGET (self->board));
  gtk_stack_set_visible_child_name (self->bottom_stack, "over");
  triad_board_view_set_interactive (self->board, FALSE);
  triad_hand_view_set_interactive (self->my_hand, FALSE);
  update_preview (self);
  update_status (self);
  if (had_focus)
    gtk_widget_grab_focus (self->result_button);
}

static void
triad_screen_game_over (ParlorGameScreen *screen,
                        const char       *result)
{
  finish_game (TRIAD_SCREEN (screen), result);
}

static void
triad_screen_seated (ParlorGameScreen *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  update_names (self);
}

static void
triad_screen_seats_changed (ParlorGameScreen *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  if (PARLOR_SCREEN_SEAT (self) >= 0)
    update_names (self);
  update_status (self);
}

static gboolean
submit (TriadScreen  *self,
        const char   *action,
        GError      **error)
{
  if (!parlor_game_screen_submit (PARLOR_GAME_SCREEN (self), action, error))
    return FALSE;
  /* A guest waits for the host's answer: a new view (or a refusal). */
  if (parlor_game_screen_is_guest (PARLOR_GAME_SCREEN (self)))
    parlor_game_screen_refresh (PARLOR_GAME_SCREEN (self));
  return TRUE;
}

static void
on_cell_activated (TriadScreen *self,
                   int          cell)
{
  g_autofree char *action = NULL;
  g_autoptr(GError) error = NULL;
  gboolean from_keyboard = gtk_widget_has_focus (GTK_WIDGET (self->board));

  if (!can_move (self) || triad_hand_view_get_n_cards (self->my_hand) == 0)
    return;
  if (self->view.owner[cell] != TRIAD_EMPTY)
    {
      parlor_game_screen_toast (PARLOR_GAME_SCREEN (self), _("That cell already holds a card"));
      return;
    }
  if (triad_hand_view_get_selected (self->my_hand) < 0 ||
      !triad_view_may_place (&self->view, triad_hand_view_get_selected (self->my_hand), cell))
    return;

  action = g_strdup_printf ("place card=%d cell=%d",
                            triad_hand_view_get_selected (self->my_hand), cell);
  if (!submit (self, action, &error))
    {
      parlor_game_screen_toast (PARLOR_GAME_SCREEN (self), error->message);
      return;
    }
  if (from_keyboard && !self->finished && !parlor_game_screen_is_guest (PARLOR_GAME_SCREEN (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self->my_hand));
}

static void
on_selection_changed (TriadScreen *self)
{
  update_preview (self);
}

/* The hinted card is selected and the cursor put on its cell, the board
 * focused: Enter plays it. */
static void
triad_screen_show_hint (ParlorGameScreen *screen,
                        const char       *action)
{
  TriadScreen *self = TRIAD_SCREEN (screen);
  unsigned int index, cell;

  if (sscanf (action, "place card=%u cell=%u", &index, &cell) != 2 ||
      index >= TRIAD_HAND_MAX || cell >= TRIAD_N_CELLS ||
      !triad_view_may_place (&self->view, (int) index, (int) cell))
    return;
  triad_hand_view_select (self->my_hand, (int) index);
  triad_board_view_set_cursor (self->board, (int) cell);
  update_preview (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
on_card_activated (TriadScreen *self,
                   int          index)
{
  int cursor = triad_board_view_get_cursor (self->board);

  if (!can_move (self))
    return;

  /* Bring the cursor to a cell the card may go: the one in the middle first. */
  if (!triad_view_may_place (&self->view, index, cursor))
    {
      static const int order[] = { 4, 1, 3, 5, 7, 0, 2, 6, 8 };

      for (gsize i = 0; i < G_N_ELEMENTS (order); i++)
        if (triad_view_may_place (&self->view, index, order[i]))
          {
            triad_board_view_set_cursor (self->board, order[i]);
            break;
          }
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
on_table_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  TriadScreen     *self)
{
  /* As in the original: once the board is full, a click anywhere shows the result. */
  if (self->finished)
    gtk_widget_activate_action (GTK_WIDGET (self), "triad.show-result", NULL);
}

/* Forgets the last game, whatever it was. */
static void
triad_screen_reset (ParlorGameScreen *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  parlor_screen_announce (self->news_label, "");
  triad_board_view_reset (self->board);
  self->has_view = FALSE;
  self->finished = FALSE;
  self->winner = -1;
}

static void
show_play_page (TriadScreen *self)
{
  gtk_stack_set_visible_child_name (self->bottom_stack, "hand");
  gtk_stack_set_visible_child_name (self->stack, "play");
}

/* The countdown, the board and the hand of a game that has just started. */
static void
begin_play (ParlorGameScreen *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  show_play_page (self);
  parlor_game_screen_refresh (screen);
  gtk_widget_grab_focus (GTK_WIDGET (self->my_hand));
}

static void
show_result_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  TriadScreen *self = TRIAD_SCREEN (widget);
  g_autofree char *body = NULL;
  const char *title;
  int me, them;

  if (!self->finished || PARLOR_SCREEN_SEAT (self) < 0)
    return;

  me = self->final_score[PARLOR_SCREEN_SEAT (self)];
  them = self->final_score[opponent (self)];
  if (self->winner < 0)
    title = _("Draw");
  else if (self->winner == PARLOR_SCREEN_SEAT (self))
    title = _("You Win!");
  else
    title = _("You Lose");
  /* Translators: "Final count: you 6 cards, Computer (Hard) 3 cards" */
  body = g_strdup_printf (_("Final count: you %d, %s %d"), me, PARLOR_SCREEN_NAME (self, opponent (self)), them);

  adw_status_page_set_title (parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (self)), title);
  adw_status_page_set_description (parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (self)), body);
  /* The final board stands in for an icon. */
  triad_board_view_reset (self->result_board);
  triad_board_view_set_opponent (self->result_board, PARLOR_SCREEN_NAME (self, opponent (self)));
  triad_board_view_set_view (self->result_board, &self->view);
  parlor_game_screen_show_result_page (PARLOR_GAME_SCREEN (self));
}

static void
card_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  TriadScreen *self = TRIAD_SCREEN (widget);
  int index = g_variant_get_int32 (param);

  if (!can_move (self) || index < 0 || !triad_view_may_place (&self->view, index, -1))
    return;
  triad_hand_view_select (self->my_hand, index);
}

static char *
triad_screen_local_config (ParlorGameScreen *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  /* You sit at seat 0; going first or second picks who moves first. */
  return triad_setup_make_config (self->setup, triad_setup_goes_first (self->setup) ? "0" : "1");
}

static gboolean
triad_screen_focus_play (ParlorGameScreen *screen,
                         const char       *page)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  if (self->finished)
    return gtk_widget_grab_focus (self->result_button);
  return gtk_widget_grab_focus (GTK_WIDGET (self->my_hand));
}

static void
triad_screen_class_init (TriadScreenClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);
  static const guint digit_keys[] = { GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4, GDK_KEY_5 };
  static const char * const headline_events[] = { "start", "over", NULL };
  static const char * const turn_events[] = { "place", NULL };

  g_type_ensure (TRIAD_TYPE_BOARD_VIEW);
  g_type_ensure (TRIAD_TYPE_HAND_VIEW);
  g_type_ensure (TRIAD_TYPE_SETUP);
  parlor_game_screen_class_set_game (widget_class, &triad_game_info);
  screen_class->focus_play = triad_screen_focus_play;
  screen_class->host_config = triad_screen_host_config;
  screen_class->show_hint = triad_screen_show_hint;
  screen_class->take_event = triad_screen_take_event;
  screen_class->headline_events = headline_events;
  screen_class->turn_events = turn_events;
  screen_class->show_view = triad_screen_show_view;
  screen_class->session_changed = triad_screen_session_changed;
  screen_class->seats_changed = triad_screen_seats_changed;
  screen_class->seated = triad_screen_seated;
  screen_class->game_over = triad_screen_game_over;
  screen_class->begin_play = begin_play;
  screen_class->local_config = triad_screen_local_config;
  screen_class->reset = triad_screen_reset;

  gtk_widget_class_bind_template_child (widget_class, TriadScreen, setup);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, table_box);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, news_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, score_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, clock_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, rules_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, their_hand);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, board);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, bottom_stack);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, my_hand);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, result_button);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, result_board);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_card_activated);

  gtk_widget_class_install_action (widget_class, "triad.show-result", NULL, show_result_action);
  gtk_widget_class_install_action (widget_class, "triad.card", "i", card_action);
  for (int i = 0; i < (int) G_N_ELEMENTS (digit_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, digit_keys[i], 0, "triad.card", "i", i);
}

static void
triad_screen_init (TriadScreen *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->winner = -1;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->stack = parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (self));
  self->log = parlor_game_screen_get_log_view (PARLOR_GAME_SCREEN (self));
  triad_board_view_set_compact (self->result_board, TRUE);
  /* The latest move's line holds its height, so the board does not move. */
  parlor_label_keep_height (self->news_label, _("Your turn"));
  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), self->clock_label);

  g_signal_connect (click, "pressed", G_CALLBACK (on_table_pressed), self);
  gtk_widget_add_controller (self->table_box, GTK_EVENT_CONTROLLER (click));
  parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), GTK_WIDGET (self->my_hand));
}

/* The app-wide strength picks the level first offered, in this game's words. */
static char *
triad_screen_host_config (ParlorGameScreen  *screen,
                          char             **summary)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  if (summary != NULL)
    {
      g_autofree char *text = triad_rules_summary (triad_setup_open_hands (self->setup),
                                                   triad_setup_get_rules (self->setup));

      /* Translators: %s is a list of rules, "Closed hands · Same · Combo" */
      *summary = g_strdup_printf (_("%s. Who moves first is drawn at random. "
                                    "Cancel to choose other rules on the game’s setup page."), text);
    }
  /* Seats are drawn at the start, so "first" cannot name the host. */
  return triad_setup_make_config (self->setup, "random");
}

gboolean
triad_screen_is_waiting (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), FALSE);
  return can_move (self);
}

