/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "triad-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "parlor-application.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-screen-util.h"
#include "parlor-session.h"
#include "triad-board-view.h"
#include "triad-game.h"
#include "triad-hand-view.h"
#include "triad-screen.h"

#define N_SEATS 2

struct _TriadScreen
{
  GtkWidget          parent_instance;

  GtkStack          *stack;
  GtkWidget         *start_button;
  GtkWidget         *table_box;
  GtkLabel          *turn_label;
  GtkLabel          *score_label;
  GtkLabel          *clock_label;
  GtkLabel          *rules_label;
  TriadHandView     *their_hand;
  TriadBoardView    *board;
  GtkStack          *bottom_stack;
  TriadHandView     *my_hand;
  GtkWidget         *result_button;
  ParlorLogView     *log;
  AdwStatusPage     *result_page;
  TriadBoardView    *result_board;
  GtkWidget         *back_button;
  GtkWidget         *again_button;

  ParlorApplication *app;
  ParlorSession     *session;
  gboolean           awaiting;   /* a move sent to the host, not answered yet */
  GtkWindow         *dialog;
  int                seat;
  char              *names[N_SEATS];
  TriadView          view;
  gboolean           has_view;
  guint              tick_id;
  int                final_score[N_SEATS];
  int                winner;        /* seat, or -1 for a draw */
  gboolean           finished;

  /* The setup page's choices. */
  char              *level;
  char              *order;
  char              *hands;
  gboolean           same;
  gboolean           plus;
  gboolean           combo;
};

G_DEFINE_FINAL_TYPE (TriadScreen, triad_screen, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LEVEL,
  PROP_ORDER,
  PROP_HANDS,
  PROP_SAME,
  PROP_PLUS,
  PROP_COMBO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const levels[] = { "easy", "medium", "hard", "expert", NULL };
static const char * const orders[] = { "first", "second", NULL };
static const char * const hand_modes[] = { "open", "closed", NULL };

static const char *
level_label (const char *level)
{
  if (g_strcmp0 (level, "easy") == 0)
    return _("Easy");
  if (g_strcmp0 (level, "hard") == 0)
    return _("Hard");
  if (g_strcmp0 (level, "expert") == 0)
    return _("Expert");
  return _("Medium");
}

static void
play_sound (TriadScreen      *self,
            ParlorSoundEvent  id)
{
  if (self->app != NULL && parlor_application_get_sound (self->app) != NULL)
    parlor_sound_play (parlor_application_get_sound (self->app), id);
}

static void
close_dialog (TriadScreen *self)
{
  if (self->dialog != NULL)
    {
      GtkWindow *dialog = g_steal_pointer (&self->dialog);

      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
      gtk_window_destroy (dialog);
    }
}

static void
stop_table (TriadScreen *self)
{
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->session != NULL)
    {
      /* A host's server says goodbye to the guest, who hears that the host left. */
      g_signal_handlers_disconnect_by_data (self->session, self);
      parlor_session_stop (self->session);
      g_clear_object (&self->session);
    }
  self->awaiting = FALSE;
}

/* The rules in a few words: "Closed hands · Same · Combo". */
static char *
rules_summary (gboolean   open,
               TriadRules rules)
{
  GString *text = g_string_new (open ? _("Open hands") : _("Closed hands"));

  if (rules & TRIAD_RULE_SAME)
    g_string_append_printf (text, " · %s", _("Same"));
  if (rules & TRIAD_RULE_PLUS)
    g_string_append_printf (text, " · %s", _("Plus"));
  if (rules & TRIAD_RULE_COMBO)
    g_string_append_printf (text, " · %s", _("Combo"));
  if ((rules & (TRIAD_RULE_SAME | TRIAD_RULE_PLUS)) == 0)
    g_string_append_printf (text, " · %s", _("no Same or Plus"));
  return g_string_free (text, FALSE);
}

static int
opponent (TriadScreen *self)
{
  return self->seat >= 0 ? 1 - self->seat : 1;
}

static gboolean
my_turn (TriadScreen *self)
{
  return self->has_view && self->seat >= 0 && !self->finished && self->view.turn == self->seat;
}

/* My turn, and no move of mine on its way to the host. */
static gboolean
can_move (TriadScreen *self)
{
  return my_turn (self) && !self->awaiting && self->session != NULL &&
         (!parlor_session_is_remote (self->session) || parlor_session_is_playing (self->session));
}

/* A LAN guest: the host has the table. */
static gboolean
is_guest (TriadScreen *self)
{
  return self->session != NULL && parlor_session_is_remote (self->session);
}

static gboolean
is_host (TriadScreen *self)
{
  return self->session != NULL && parlor_session_is_hosted (self->session);
}

static void
update_preview (TriadScreen *self)
{
  triad_board_view_set_preview (self->board, can_move (self)
                                             ? triad_hand_view_get_selected_card (self->my_hand)
                                             : NULL);
}

static void
update_status (TriadScreen *self)
{
  g_autofree char *markup = NULL;
  const char *them = self->names[opponent (self)] != NULL ? self->names[opponent (self)] : "";
  guint mine = self->has_view && self->seat >= 0 ? self->view.score[self->seat] : 0;
  guint theirs = self->has_view ? self->view.score[opponent (self)] : 0;

  /* The colour chips repeat the card emblems: a circle is yours, a diamond theirs. */
  markup = g_markup_printf_escaped ("<span foreground=\"#3584e4\">●</span> %s  %u – %u  %s "
                                    "<span foreground=\"#e01b24\">◆</span>",
                                    _("You"), mine, theirs, them);
  gtk_label_set_markup (self->score_label, markup);

  if (my_turn (self))
    gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->turn_label), "accent");

  if (self->finished)
    gtk_label_set_text (self->turn_label, _("Game over"));
  else if (my_turn (self))
    gtk_label_set_text (self->turn_label, _("Your turn"));
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
      g_autofree char *rules = rules_summary (self->view.open, self->view.rules);
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

static void
refresh (TriadScreen *self)
{
  g_autofree char *line = NULL;
  g_autoptr(GError) error = NULL;
  gboolean mine;
  int other;

  if (self->seat < 0 || self->session == NULL)
    return;
  line = parlor_session_dup_view (self->session);
  if (line == NULL)
    return;

  if (!triad_view_parse (line, &self->view, &error))
    {
      g_warning ("Unreadable view: %s", error->message);
      return;
    }
  self->has_view = TRUE;
  other = opponent (self);
  mine = can_move (self);

  triad_board_view_set_view (self->board, &self->view);
  triad_board_view_set_interactive (self->board, mine);
  triad_hand_view_set_cards (self->my_hand, self->view.hand[self->seat],
                             self->view.n_hand[self->seat], TRUE);
  triad_hand_view_set_interactive (self->my_hand, mine);
  triad_hand_view_set_cards (self->their_hand, self->view.hand[other], self->view.n_hand[other],
                             self->view.hand_known[other]);
  update_preview (self);
  update_status (self);
}

static gboolean
on_tick (gpointer data)
{
  TriadScreen *self = data;
  gint64 deadline = 0;

  if (self->session != NULL && !self->finished)
    deadline = parlor_session_get_deadline (self->session);

  if (deadline > 0)
    {
      gint64 left = (deadline - g_get_monotonic_time () + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
      g_autofree char *text = NULL;

      left = MAX (0, left);
      text = g_strdup_printf ("%d:%02d", (int) (left / 60), (int) (left % 60));
      gtk_label_set_text (self->clock_label, text);
      if (left <= 10)
        gtk_widget_add_css_class (GTK_WIDGET (self->clock_label), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->clock_label), "error");
    }
  else
    gtk_label_set_text (self->clock_label, "");

  return G_SOURCE_CONTINUE;
}

static void
update_names (TriadScreen *self)
{
  for (int i = 0; i < N_SEATS; i++)
    {
      const char *name = self->session != NULL ? parlor_session_get_seat_name (self->session, i) : NULL;

      g_free (self->names[i]);
      self->names[i] = name != NULL ? g_strdup (name) : g_strdup_printf (_("Player %d"), i + 1);
    }
  triad_board_view_set_opponent (self->board, self->names[opponent (self)]);
  triad_hand_view_set_owner (self->my_hand, NULL, TRIAD_FACE_BLUE);
  triad_hand_view_set_owner (self->their_hand, self->names[opponent (self)], TRIAD_FACE_RED);
}

/* Players get their seats at the start, before the deal is announced. */
static void
ensure_seated (TriadScreen *self)
{
  if (self->seat >= 0 || self->session == NULL)
    return;

  self->seat = parlor_session_get_seat (self->session);
  if (self->seat >= 0)
    update_names (self);
}

static void
handle_event (TriadScreen *self,
              const char  *text)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autofree char *words = NULL;
  const char *type;

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return;
  type = parlor_line_get_type (line);

  words = triad_game_info.describe (text, (const char * const *) self->names);
  if (words != NULL && *words != '\0')
    parlor_log_view_append (self->log, words,
                            g_str_equal (type, "start") || g_str_equal (type, "over"));

  if (g_str_equal (type, "start"))
    {
      TriadEvent event;

      /* The host chose the rules: say them to both players. */
      if (triad_event_parse (text, &event, NULL))
        {
          g_autofree char *rules = rules_summary (event.open, event.rules);
          /* Translators: "Rules: Closed hands · Same · Combo" */
          g_autofree char *said = g_strdup_printf (_("Rules: %s"), rules);

          parlor_log_view_append (self->log, said, TRUE);
        }
    }
  else if (g_str_equal (type, "place"))
    play_sound (self, PARLOR_SOUND_TURN_END);
}

static void
on_event (ParlorSession *session,
          const char    *text,
          TriadScreen   *self)
{
  ensure_seated (self);
  handle_event (self, text);
}

static void
on_log (ParlorSession *session,
        const char    *text,
        TriadScreen   *self)
{
  /* Who left, who came back, who ran out of time. */
  parlor_log_view_append (self->log, text, TRUE);
}

static void
on_timed_out (ParlorSession *session,
              guint          seat,
              TriadScreen   *self)
{
  if ((int) seat == self->seat)
    parlor_screen_toast (GTK_WIDGET (self), _("Your time ran out: a random legal move was made for you."));
}

static void
on_changed (ParlorSession *session,
            TriadScreen   *self)
{
  gboolean had_focus = gtk_widget_has_focus (GTK_WIDGET (self->board));

  ensure_seated (self);
  self->awaiting = FALSE;
  refresh (self);
  /* Back to the hand once the host took a move made from the board. */
  if (parlor_session_is_remote (session) && had_focus && !can_move (self) && !self->finished)
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
  gtk_label_set_text (self->clock_label, "");
  if (had_focus)
    gtk_widget_grab_focus (self->result_button);
}

static void
on_game_over (ParlorSession *session,
              const char    *result,
              TriadScreen   *self)
{
  finish_game (self, result);
}

static void
on_seats_changed (ParlorSession *session,
                  TriadScreen   *self)
{
  if (self->seat >= 0)
    update_names (self);
  update_status (self);
}

static void
on_rejected (ParlorSession *session,
             const GError  *error,
             TriadScreen   *self)
{
  self->awaiting = FALSE;
  parlor_screen_toast (GTK_WIDGET (self), error->message);
  refresh (self);
}

static void
on_failed (ParlorSession *session,
           const GError  *error,
           TriadScreen   *self)
{
  self->awaiting = FALSE;
  refresh (self);
  gtk_label_set_text (self->clock_label, "");
  /* The client has said it in the log; after the end nothing is lost. */
  if (self->finished)
    return;

  close_dialog (self);
  self->dialog = parlor_screen_show_connection_lost (GTK_WIDGET (self), session, error);
  if (self->dialog != NULL)
    g_object_add_weak_pointer (G_OBJECT (self->dialog), (gpointer *) &self->dialog);
}

static void
on_reconnected (ParlorSession *session,
                TriadScreen   *self)
{
  self->seat = -1;
  ensure_seated (self);
  refresh (self);
}

static gboolean
submit (TriadScreen  *self,
        const char   *action,
        GError      **error)
{
  if (self->session == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("No game is being played"));
      return FALSE;
    }
  if (!parlor_session_submit (self->session, action, error))
    return FALSE;
  if (parlor_session_is_remote (self->session))
    {
      /* The host answers with a new view (or a refusal). */
      self->awaiting = TRUE;
      refresh (self);
    }
  return TRUE;
}

static void
on_cell_activated (TriadScreen *self,
                   int          cell)
{
  g_autofree char *action = NULL;
  g_autoptr(GError) error = NULL;
  gboolean from_keyboard = gtk_widget_has_focus (GTK_WIDGET (self->board));

  if (!can_move (self) || triad_hand_view_get_n_cards (self->my_hand) == 0 ||
      self->view.owner[cell] != TRIAD_EMPTY)
    return;

  action = g_strdup_printf ("place card=%d cell=%d",
                            triad_hand_view_get_selected (self->my_hand), cell);
  if (!submit (self, action, &error))
    {
      parlor_screen_toast (GTK_WIDGET (self), error->message);
      return;
    }
  if (from_keyboard && !self->finished && !is_guest (self))
    gtk_widget_grab_focus (GTK_WIDGET (self->my_hand));
}

static void
on_selection_changed (TriadScreen *self)
{
  update_preview (self);
}

static void
on_card_activated (TriadScreen *self,
                   int          index)
{
  int cursor = triad_board_view_get_cursor (self->board);

  if (!can_move (self))
    return;

  /* Bring the cursor to a free cell: the one in the middle first. */
  if (self->view.owner[cursor] != TRIAD_EMPTY)
    {
      static const int order[] = { 4, 1, 3, 5, 7, 0, 2, 6, 8 };

      for (gsize i = 0; i < G_N_ELEMENTS (order); i++)
        if (self->view.owner[order[i]] == TRIAD_EMPTY)
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

/* The setup page's rules as a config line; @first is 0, 1 or random. */
static char *
make_config (TriadScreen *self,
             const char  *first)
{
  return g_strdup_printf ("first=%s hands=%s same=%s plus=%s combo=%s",
                          first,
                          self->hands,
                          self->same ? "on" : "off",
                          self->plus ? "on" : "off",
                          self->combo && (self->same || self->plus) ? "on" : "off");
}

/* Forgets the last game, whatever it was. */
static void
reset (TriadScreen *self)
{
  stop_table (self);
  close_dialog (self);
  parlor_log_view_clear (self->log);
  triad_board_view_reset (self->board);
  self->has_view = FALSE;
  self->finished = FALSE;
  self->seat = -1;
  self->winner = -1;
  gtk_label_set_text (self->clock_label, "");
}

static void
show_play_page (TriadScreen *self)
{
  gtk_stack_set_visible_child_name (self->bottom_stack, "hand");
  gtk_stack_set_visible_child_name (self->stack, "play");
}

/* The countdown, the board and the hand of a game that has just started. */
static void
begin_play (TriadScreen *self)
{
  /* After the start: the events already say that the game starts. */
  g_signal_connect (self->session, "log", G_CALLBACK (on_log), self);
  ensure_seated (self);
  refresh (self);
  self->tick_id = g_timeout_add (250, on_tick, self);
  on_tick (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->my_hand));
}

static void
watch_session (TriadScreen   *self,
               ParlorSession *session)
{
  self->session = session;
  g_signal_connect (session, "event", G_CALLBACK (on_event), self);
  g_signal_connect (session, "changed", G_CALLBACK (on_changed), self);
  g_signal_connect (session, "timed-out", G_CALLBACK (on_timed_out), self);
  g_signal_connect (session, "seats-changed", G_CALLBACK (on_seats_changed), self);
  g_signal_connect (session, "game-over", G_CALLBACK (on_game_over), self);
  g_signal_connect (session, "rejected", G_CALLBACK (on_rejected), self);
  g_signal_connect (session, "failed", G_CALLBACK (on_failed), self);
  g_signal_connect (session, "reconnected", G_CALLBACK (on_reconnected), self);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  TriadScreen *self = TRIAD_SCREEN (widget);
  ParlorSettings *settings = self->app != NULL ? parlor_application_get_settings (self->app) : NULL;
  g_autofree char *name = settings != NULL ? parlor_settings_get_effective_name (settings)
                                            : g_strdup (_("You"));
  g_autofree char *computer = g_strdup_printf (_("Computer (%s)"), level_label (self->level));
  g_autofree char *config = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = NULL;
  const char *seed_text = g_getenv ("PARLOR_SEED");
  guint64 seed;
  guint player;

  reset (self);

  seed = seed_text != NULL ? g_ascii_strtoull (seed_text, NULL, 10) : (guint64) g_get_real_time ();
  /* You sit at seat 0; going first or second picks who moves first. */
  config = make_config (self, g_str_equal (self->order, "first") ? "0" : "1");

  table = parlor_table_new (&triad_game_info, config, seed, &error);
  if (table == NULL)
    {
      parlor_screen_toast (GTK_WIDGET (self), error->message);
      return;
    }
  player = parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, name, NULL);
  parlor_table_add_player_at (table, 1, PARLOR_SEAT_AI, computer, self->level);
  if (settings != NULL)
    parlor_table_set_time_limit (table, parlor_settings_get_time_limit (settings));
  if (settings != NULL)
    parlor_table_set_ai_delay (table, parlor_settings_get_ai_delay (settings));

  watch_session (self, parlor_session_new_local (table, player));

  show_play_page (self);
  if (!parlor_session_start (self->session, &error))
    {
      parlor_screen_toast (GTK_WIDGET (self), error->message);
      stop_table (self);
      gtk_stack_set_visible_child_name (self->stack, "setup");
      return;
    }
  begin_play (self);
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

  if (!self->finished || self->seat < 0)
    return;

  me = self->final_score[self->seat];
  them = self->final_score[opponent (self)];
  if (self->winner < 0)
    title = _("Draw");
  else if (self->winner == self->seat)
    title = _("You Win!");
  else
    title = _("You Lose");
  /* Translators: "Final count: you 6 cards, Computer (Hard) 3 cards" */
  body = g_strdup_printf (_("Final count: you %d, %s %d"), me, self->names[opponent (self)], them);

  adw_status_page_set_title (self->result_page, title);
  adw_status_page_set_description (self->result_page, body);
  /* A guest's way on is back to the menu; a host may host again. */
  gtk_widget_set_visible (self->again_button, !is_guest (self));
  gtk_button_set_label (GTK_BUTTON (self->again_button),
                        is_host (self) ? _("Host _Again") : _("_Play Again"));
  gtk_button_set_label (GTK_BUTTON (self->back_button),
                        is_guest (self) ? _("_Back to Menu") : _("_Back"));
  /* The final board stands in for an icon. */
  triad_board_view_reset (self->result_board);
  triad_board_view_set_opponent (self->result_board, self->names[opponent (self)]);
  triad_board_view_set_view (self->result_board, &self->view);
  gtk_stack_set_visible_child_name (self->stack, "result");
  gtk_widget_grab_focus (is_guest (self) ? self->back_button : self->again_button);
}

static void
play_again_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  TriadScreen *self = TRIAD_SCREEN (widget);
  gboolean host = is_host (self);
  gboolean guest = is_guest (self);

  /* The setup page, with the rules of the game just played. */
  triad_screen_new_local_game (widget);
  if (host)
    gtk_widget_activate_action (widget, "win.host-lan", NULL);
  else if (guest)
    gtk_widget_activate_action (widget, "win.back", NULL);
}

static void
card_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  TriadScreen *self = TRIAD_SCREEN (widget);
  int index = g_variant_get_int32 (param);

  if (!can_move (self) || index < 0 || index >= (int) triad_hand_view_get_n_cards (self->my_hand))
    return;
  triad_hand_view_select (self->my_hand, index);
}

static void
update_combo (TriadScreen *self)
{
  gboolean possible = self->same || self->plus;

  if (!possible && self->combo)
    {
      self->combo = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMBO]);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "setup.combo", possible);
}

static gboolean
set_choice (char               **field,
            const char          *value,
            const char * const  *allowed)
{
  if (value == NULL || !g_strv_contains (allowed, value) || g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static void
triad_screen_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  TriadScreen *self = TRIAD_SCREEN (object);

  switch (prop_id)
    {
    case PROP_LEVEL: g_value_set_string (value, self->level); break;
    case PROP_ORDER: g_value_set_string (value, self->order); break;
    case PROP_HANDS: g_value_set_string (value, self->hands); break;
    case PROP_SAME: g_value_set_boolean (value, self->same); break;
    case PROP_PLUS: g_value_set_boolean (value, self->plus); break;
    case PROP_COMBO: g_value_set_boolean (value, self->combo); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_flag (TriadScreen  *self,
          gboolean     *field,
          gboolean      value,
          guint         prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
triad_screen_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  TriadScreen *self = TRIAD_SCREEN (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      if (set_choice (&self->level, g_value_get_string (value), levels))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_ORDER:
      if (set_choice (&self->order, g_value_get_string (value), orders))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_HANDS:
      if (set_choice (&self->hands, g_value_get_string (value), hand_modes))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_SAME:
      set_flag (self, &self->same, g_value_get_boolean (value), PROP_SAME);
      update_combo (self);
      break;
    case PROP_PLUS:
      set_flag (self, &self->plus, g_value_get_boolean (value), PROP_PLUS);
      update_combo (self);
      break;
    case PROP_COMBO:
      set_flag (self, &self->combo, g_value_get_boolean (value) && (self->same || self->plus),
                PROP_COMBO);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
triad_screen_dispose (GObject *object)
{
  TriadScreen *self = TRIAD_SCREEN (object);

  stop_table (self);
  close_dialog (self);
  if (self->stack != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->stack));
      self->stack = NULL;
    }

  G_OBJECT_CLASS (triad_screen_parent_class)->dispose (object);
}

static void
triad_screen_finalize (GObject *object)
{
  TriadScreen *self = TRIAD_SCREEN (object);

  for (int i = 0; i < N_SEATS; i++)
    g_free (self->names[i]);
  g_free (self->level);
  g_free (self->order);
  g_free (self->hands);

  G_OBJECT_CLASS (triad_screen_parent_class)->finalize (object);
}

static gboolean
triad_screen_grab_focus (GtkWidget *widget)
{
  TriadScreen *self = TRIAD_SCREEN (widget);
  const char *page = gtk_stack_get_visible_child_name (self->stack);

  if (g_strcmp0 (page, "setup") == 0)
    return gtk_widget_grab_focus (self->start_button);
  if (g_strcmp0 (page, "result") == 0)
    return gtk_widget_grab_focus (gtk_widget_get_visible (self->again_button)
                                  ? self->again_button : self->back_button);
  if (self->finished)
    return gtk_widget_grab_focus (self->result_button);
  return gtk_widget_grab_focus (GTK_WIDGET (self->my_hand));
}

static void
triad_screen_class_init (TriadScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const guint digit_keys[] = { GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4, GDK_KEY_5 };

  object_class->get_property = triad_screen_get_property;
  object_class->set_property = triad_screen_set_property;
  object_class->dispose = triad_screen_dispose;
  object_class->finalize = triad_screen_finalize;
  widget_class->grab_focus = triad_screen_grab_focus;

  properties[PROP_LEVEL] =
    g_param_spec_string ("level", NULL, NULL, "medium",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ORDER] =
    g_param_spec_string ("order", NULL, NULL, "first",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HANDS] =
    g_param_spec_string ("hands", NULL, NULL, "open",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SAME] =
    g_param_spec_boolean ("same", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLUS] =
    g_param_spec_boolean ("plus", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMBO] =
    g_param_spec_boolean ("combo", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TRIAD_TYPE_BOARD_VIEW);
  g_type_ensure (TRIAD_TYPE_HAND_VIEW);
  g_type_ensure (PARLOR_TYPE_LOG_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/triad/triad-screen.ui");
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, stack);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, start_button);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, table_box);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, score_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, clock_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, rules_label);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, their_hand);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, board);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, bottom_stack);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, my_hand);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, result_button);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, log);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, result_page);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, result_board);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, back_button);
  gtk_widget_class_bind_template_child (widget_class, TriadScreen, again_button);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_card_activated);

  gtk_widget_class_install_property_action (widget_class, "setup.level", "level");
  gtk_widget_class_install_property_action (widget_class, "setup.order", "order");
  gtk_widget_class_install_property_action (widget_class, "setup.hands", "hands");
  gtk_widget_class_install_property_action (widget_class, "setup.same", "same");
  gtk_widget_class_install_property_action (widget_class, "setup.plus", "plus");
  gtk_widget_class_install_property_action (widget_class, "setup.combo", "combo");
  gtk_widget_class_install_action (widget_class, "triad.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "triad.show-result", NULL, show_result_action);
  gtk_widget_class_install_action (widget_class, "triad.play-again", NULL, play_again_action);
  gtk_widget_class_install_action (widget_class, "triad.card", "i", card_action);
  for (int i = 0; i < (int) G_N_ELEMENTS (digit_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, digit_keys[i], 0, "triad.card", "i", i);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "triad-screen");
}

static void
triad_screen_init (TriadScreen *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->level = g_strdup ("medium");
  self->order = g_strdup ("first");
  self->hands = g_strdup ("open");
  self->seat = -1;
  self->winner = -1;

  gtk_widget_init_template (GTK_WIDGET (self));
  triad_board_view_set_compact (self->result_board, TRUE);
  update_combo (self);

  g_signal_connect (click, "pressed", G_CALLBACK (on_table_pressed), self);
  gtk_widget_add_controller (self->table_box, GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
triad_screen_new_for_app (ParlorApplication *app)
{
  TriadScreen *self = g_object_new (TRIAD_TYPE_SCREEN, NULL);

  self->app = app;
  /* The app-wide strength, in this game's words. */
  if (app != NULL)
    g_object_set (self, "level",
                  parlor_game_info_level_for_strength (&triad_game_info,
                                                       parlor_settings_get_computer_strength (parlor_application_get_settings (app))),
                  NULL);
  return GTK_WIDGET (self);
}

void
triad_screen_new_local_game (GtkWidget *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  reset (self);
  gtk_stack_set_visible_child_name (self->stack, "setup");
  gtk_widget_grab_focus (self->start_button);
}

gboolean
triad_screen_is_playing (GtkWidget *screen)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  return self->session != NULL && !self->finished && parlor_session_is_playing (self->session);
}

char *
triad_screen_host_config (GtkWidget  *screen,
                          char      **summary)
{
  TriadScreen *self = TRIAD_SCREEN (screen);
  TriadRules rules = 0;

  if (summary != NULL)
    {
      g_autofree char *text = NULL;

      if (self->same)
        rules |= TRIAD_RULE_SAME;
      if (self->plus)
        rules |= TRIAD_RULE_PLUS;
      if (self->combo && (self->same || self->plus))
        rules |= TRIAD_RULE_COMBO;
      text = rules_summary (g_str_equal (self->hands, "open"), rules);
      /* Translators: %s is a list of rules, "Closed hands · Same · Combo" */
      *summary = g_strdup_printf (_("%s. Who moves first is drawn at random. "
                                    "Cancel to choose other rules on the game’s setup page."), text);
    }
  /* Seats are drawn at the start, so "first" cannot name the host. */
  return make_config (self, "random");
}

/* Hosting a LAN game: the table lives in @server; the host is its player 0. */
gboolean
triad_screen_host_game (GtkWidget     *screen,
                        ParlorServer  *server,
                        const char    *table_id,
                        GError       **error)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  g_return_val_if_fail (PARLOR_IS_SERVER (server), FALSE);
  g_return_val_if_fail (table_id != NULL, FALSE);

  if (parlor_server_get_table (server, table_id) == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The hosted game is gone"));
      return FALSE;
    }

  reset (self);
  watch_session (self, parlor_session_new_hosted (server, table_id));
  show_play_page (self);
  if (!parlor_session_start (self->session, error))
    {
      stop_table (self);
      gtk_stack_set_visible_child_name (self->stack, "setup");
      return FALSE;
    }
  begin_play (self);
  return TRUE;
}

/* Joining a LAN game: @client has just been seated by the host. */
void
triad_screen_join_game (GtkWidget    *screen,
                        ParlorClient *client,
                        const char   *address)
{
  TriadScreen *self = TRIAD_SCREEN (screen);

  g_return_if_fail (PARLOR_IS_CLIENT (client));

  reset (self);
  watch_session (self, parlor_session_new_remote (client, address));
  show_play_page (self);
  begin_play (self);
}

const char *
triad_screen_get_page (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

ParlorTable *
triad_screen_get_table (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return self->session != NULL ? parlor_session_get_table (self->session) : NULL;
}

int
triad_screen_get_seat (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), -1);
  return self->seat;
}

GtkWidget *
triad_screen_get_board (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->board);
}

GtkWidget *
triad_screen_get_my_hand (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->my_hand);
}

GtkWidget *
triad_screen_get_their_hand (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->their_hand);
}

GtkWidget *
triad_screen_get_result_page (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->result_page);
}

const char *
triad_screen_get_score_text (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return gtk_label_get_text (self->score_label);
}

const char *
triad_screen_get_clock_text (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return gtk_label_get_text (self->clock_label);
}

char *
triad_screen_get_log_text (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return parlor_log_view_get_text (self->log);
}

char *
triad_screen_dup_view (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);

  if (self->seat < 0 || self->session == NULL)
    return NULL;
  return parlor_session_dup_view (self->session);
}

gboolean
triad_screen_is_waiting (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), FALSE);
  return can_move (self);
}

const char *
triad_screen_get_rules_text (TriadScreen *self)
{
  g_return_val_if_fail (TRIAD_IS_SCREEN (self), NULL);
  return gtk_label_get_text (self->rules_label);
}
