/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "manhattan-board-view.h"
#include "manhattan-game.h"
#include "manhattan-panel.h"
#include "manhattan-screen.h"
#include "parlor-application.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-screen-util.h"
#include "parlor-session.h"

struct _ManhattanScreen
{
  ParlorGameScreen   parent_instance;

  GtkWidget         *paned;
  ManhattanBoardView    *board;
  ManhattanPanel    *panel;
  ParlorLogView     *log;
  GtkWidget         *log_pane;
  GtkToggleButton   *log_button;
  GtkToggleButton   *flat_button;

  ParlorApplication *app;
  ParlorSession     *session;
  int                seat;
  char              *names[MANHATTAN_N_SEATS];
  ManhattanView      view;
  gboolean           has_view;
  guint              tick_id;
  int                scored_round;
  GString           *round_summary;
  GtkWindow         *dialog;
};

G_DEFINE_FINAL_TYPE (ManhattanScreen, manhattan_screen, PARLOR_TYPE_GAME_SCREEN)

static void
close_dialog (ManhattanScreen *self)
{
  if (self->dialog != NULL)
    {
      GtkWindow *dialog = g_steal_pointer (&self->dialog);

      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
      gtk_window_destroy (dialog);
    }
}

static void
stop_table (ManhattanScreen *self)
{
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      parlor_session_stop (self->session);
      g_clear_object (&self->session);
    }
  self->has_view = FALSE;
}

static void
refresh (ManhattanScreen *self)
{
  g_autofree char *line = NULL;
  g_autoptr(GError) error = NULL;

  line = self->session != NULL ? parlor_session_dup_view (self->session) : NULL;
  if (line == NULL)
    return;

  if (!manhattan_view_parse (line, &self->view, &error))
    {
      g_warning ("Unreadable view: %s", error->message);
      return;
    }
  self->has_view = TRUE;
  manhattan_board_view_set_view (self->board, &self->view);
  manhattan_panel_set_view (self->panel, &self->view, (const char * const *) self->names);
  manhattan_board_view_set_selection (self->board, manhattan_panel_get_card (self->panel),
                                 manhattan_panel_get_block (self->panel));
}

static gboolean
on_tick (gpointer data)
{
  ManhattanScreen *self = data;
  gint64 deadline;

  if (self->session == NULL)
    return G_SOURCE_CONTINUE;

  deadline = parlor_session_get_deadline (self->session);
  if (deadline > 0)
    {
      gint64 left = deadline - g_get_monotonic_time ();

      manhattan_panel_set_clock (self->panel, (int) MAX (0, (left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC));
    }
  else
    manhattan_panel_set_clock (self->panel, -1);

  return G_SOURCE_CONTINUE;
}

static void
play_sound (ManhattanScreen *self,
            ParlorSoundEvent id)
{
  if (self->app != NULL && parlor_application_get_sound (self->app) != NULL)
    parlor_sound_play (parlor_application_get_sound (self->app), id);
}

static void
on_log (ParlorSession   *session,
        const char      *text,
        ManhattanScreen *self)
{
  parlor_log_view_append (self->log, text, TRUE);
}

static void
on_timed_out (ParlorSession   *session,
              guint            seat,
              ManhattanScreen *self)
{
  if ((int) seat == self->seat)
    parlor_screen_toast (GTK_WIDGET (self), _("Your time ran out: a random legal move was made for you."));
}

static void
on_new_game_response (AdwMessageDialog *dialog,
                      const char       *response,
                      ManhattanScreen  *self)
{
  if (g_str_equal (response, "new"))
    manhattan_screen_new_local_game (GTK_WIDGET (self));
  else if (g_str_equal (response, "menu"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.back", NULL);
}

static void
show_dialog (ManhattanScreen *self,
             const char      *heading,
             const char      *body,
             gboolean         game_over)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  AdwMessageDialog *dialog;

  close_dialog (self);
  if (!GTK_IS_WINDOW (root))
    return;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (root), heading, body));
  if (game_over)
    {
      adw_message_dialog_add_responses (dialog,
                                        "menu", _("_Back to Menu"),
                                        "new", _("_New Game"),
                                        NULL);
      adw_message_dialog_set_response_appearance (dialog, "new", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "new");
      adw_message_dialog_set_close_response (dialog, "close");
      g_signal_connect (dialog, "response", G_CALLBACK (on_new_game_response), self);
    }
  else
    {
      adw_message_dialog_add_response (dialog, "close", _("_Continue"));
      adw_message_dialog_set_default_response (dialog, "close");
      adw_message_dialog_set_close_response (dialog, "close");
      /* The round's scores are information, not a question: the game goes on. */
      gtk_window_set_modal (GTK_WINDOW (dialog), FALSE);
    }

  self->dialog = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_score_line (ManhattanScreen  *self,
                const ParlorLine *line)
{
  gint64 round, seat, tallest, majority, buildings, gained, total;

  if (!parlor_line_get_int (line, "round", 0, MANHATTAN_N_ROUNDS, &round, NULL) ||
      !parlor_line_get_int (line, "seat", 0, MANHATTAN_N_SEATS - 1, &seat, NULL) ||
      !parlor_line_get_int (line, "tallest", 0, 100, &tallest, NULL) ||
      !parlor_line_get_int (line, "majority", 0, 100, &majority, NULL) ||
      !parlor_line_get_int (line, "buildings", 0, 100, &buildings, NULL) ||
      !parlor_line_get_int (line, "gained", 0, 1000, &gained, NULL) ||
      !parlor_line_get_int (line, "total", 0, 1000, &total, NULL))
    return;

  if (self->scored_round != round)
    {
      self->scored_round = round;
      g_string_truncate (self->round_summary, 0);
      play_sound (self, PARLOR_SOUND_ROUND_END);
    }
  /* Translators: a round's score breakdown for one player */
  g_string_append_printf (self->round_summary,
                          _("%s: tallest +%d, majorities +%d, buildings +%d = +%d (total %d)\n"),
                          self->names[seat], (int) tallest, (int) majority, (int) buildings,
                          (int) gained, (int) total);
  if (seat == MANHATTAN_N_SEATS - 1)
    {
      /* Events number rounds from 1; the last round's scores go with the result. */
      g_autofree char *heading = g_strdup_printf (_("Round %d Scored"), (int) round);
      g_autofree char *news = NULL;

      g_strchomp (self->round_summary->str);
      news = g_strdup_printf ("%s. %s", heading, self->round_summary->str);
      manhattan_panel_announce (self->panel, news);
      if (round < MANHATTAN_N_ROUNDS)
        show_dialog (self, heading, self->round_summary->str, FALSE);
    }
}

static void
show_result (ManhattanScreen  *self,
             const ParlorLine *line)
{
  const char *score_list = parlor_line_get (line, "scores");
  const char *rank_list = parlor_line_get (line, "ranks");
  g_auto(GStrv) scores = g_strsplit (score_list != NULL ? score_list : "", ",", -1);
  g_auto(GStrv) ranks = g_strsplit (rank_list != NULL ? rank_list : "", ",", -1);
  const char *tiebreak = parlor_line_get (line, "tiebreak");
  g_autoptr(GString) body = g_string_new (self->round_summary->str);
  const char *heading;
  gboolean won = FALSE;

  if (g_strv_length (scores) != MANHATTAN_N_SEATS || g_strv_length (ranks) != MANHATTAN_N_SEATS)
    return;

  g_string_append (body, "\n\n");
  for (int rank = 1; rank <= MANHATTAN_N_SEATS; rank++)
    for (int s = 0; s < MANHATTAN_N_SEATS; s++)
      if (atoi (ranks[s]) == rank)
        {
          /* Translators: a line of the final ranking: "1. Ann (North) — 34 points" */
          g_string_append_printf (body, _("%d. %s (%s) — %s points\n"), rank, self->names[s],
                                  manhattan_seat_name (s), scores[s]);
          if (rank == 1 && s == self->seat)
            won = TRUE;
        }

  if (g_strcmp0 (tiebreak, "tallest") == 0)
    g_string_append (body, _("The tie was broken by the tallest building."));
  else if (g_strcmp0 (tiebreak, "buildings") == 0)
    g_string_append (body, _("The tie was broken by the number of buildings."));
  else if (g_strcmp0 (tiebreak, "shared") == 0)
    g_string_append (body, _("The winners share the victory."));
  g_strchomp (body->str);

  heading = won ? _("You Win!") : _("Game Over");
  {
    g_autofree char *news = g_strdup_printf ("%s %s", heading, body->str);

    manhattan_panel_announce (self->panel, news);
  }
  show_dialog (self, heading, body->str, TRUE);
}

static void
update_names (ManhattanScreen *self)
{
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      const char *name = self->session != NULL ? parlor_session_get_seat_name (self->session, i) : NULL;
      const char *replaced = self->session != NULL ? parlor_session_get_seat_replaced (self->session, i) : NULL;

      g_free (self->names[i]);
      /* Translators: a computer plays for %s until they come back */
      self->names[i] = replaced != NULL ? g_strdup_printf (_("%s (computer)"), replaced)
                                        : g_strdup (name != NULL ? name : manhattan_seat_name (i));
    }
  manhattan_board_view_set_names (self->board, (const char * const *) self->names);
}

/* Players get their seats at the start, before the first deal is announced. */
static void
ensure_seated (ManhattanScreen *self)
{
  if (self->seat >= 0 || self->session == NULL)
    return;

  self->seat = parlor_session_get_seat (self->session);
  if (self->seat < 0)
    return;
  update_names (self);
  manhattan_board_view_set_names (self->board, (const char * const *) self->names);
  if (self->seat >= 0)
    {
      g_autofree char *intro = g_strdup_printf (_("You play %s. The start player is chosen at random."),
                                                manhattan_seat_name (self->seat));

      parlor_log_view_append (self->log, intro, TRUE);
    }
}

/* "0,4": card positions, which are the player's own frame → "far left, centre". */
static char *
positions_words (const char *cards)
{
  g_auto(GStrv) parts = g_strsplit (cards != NULL ? cards : "", ",", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 p;

      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, MANHATTAN_N_SPOTS - 1, &p, NULL))
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, manhattan_position_name ((int) p));
    }
  return g_string_free (out, FALSE);
}

/* The log's words: the game's own, except that places on the board are named
 * as the player sees them from their seat (as the cards and the board name
 * them), and the player is "you". */
static char *
event_words (ManhattanScreen  *self,
             const ParlorLine *line,
             const char       *text)
{
  const char *type = parlor_line_get_type (line);
  gint64 seat = -1;
  gboolean mine;

  if (!parlor_line_get_int (line, "seat", 0, MANHATTAN_N_SEATS - 1, &seat, NULL))
    seat = -1;
  mine = seat >= 0 && seat == self->seat;

  if (g_str_equal (type, "play"))
    {
      gint64 city, row, col, block, height;

      if (parlor_line_get_int (line, "city", 0, MANHATTAN_N_CITIES - 1, &city, NULL) &&
          parlor_line_get_int (line, "row", 0, 2, &row, NULL) &&
          parlor_line_get_int (line, "col", 0, 2, &col, NULL) &&
          parlor_line_get_int (line, "block", 1, MANHATTAN_MAX_BLOCK, &block, NULL) &&
          parlor_line_get_int (line, "height", 0, 1000, &height, NULL) && seat >= 0)
        {
          const char *place = manhattan_position_name (manhattan_position_of_spot (self->seat, row, col));

          if (mine)
            /* Translators: "You build 2 storeys in city 3, far left (now 4 tall)" */
            return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "You build %d storey in city %d, %s (now %d tall)",
                                                 "You build %d storeys in city %d, %s (now %d tall)",
                                                 block),
                                    (int) block, (int) city + 1, place, (int) height);
          /* Translators: "Ann builds 2 storeys in city 3, far left (now 4 tall)" */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s builds %d storey in city %d, %s (now %d tall)",
                                               "%s builds %d storeys in city %d, %s (now %d tall)",
                                               block),
                                  self->names[seat], (int) block, (int) city + 1, place, (int) height);
        }
    }
  else if (mine && (g_str_equal (type, "deal") || g_str_equal (type, "draw")) &&
           parlor_line_has (line, "cards"))
    {
      g_autofree char *cards = positions_words (parlor_line_get (line, "cards"));

      return g_strdup_printf (g_str_equal (type, "deal") ? _("You are dealt: %s") : _("You draw: %s"),
                              cards);
    }
  else if (mine && g_str_equal (type, "chosen") && parlor_line_has (line, "blocks"))
    {
      if (parlor_line_has (line, "forced"))
        return g_strdup_printf (_("You build with the last blocks: %s"), parlor_line_get (line, "blocks"));
      return g_strdup_printf (_("You choose the blocks %s"), parlor_line_get (line, "blocks"));
    }
  else if (g_str_equal (type, "round") && self->seat >= 0)
    {
      gint64 number, start;

      if (parlor_line_get_int (line, "number", 1, MANHATTAN_N_ROUNDS, &number, NULL) &&
          parlor_line_get_int (line, "start", 0, MANHATTAN_N_SEATS - 1, &start, NULL) &&
          start == self->seat)
        return g_strdup_printf (_("Round %d begins; you start"), (int) number);
    }
  else if (g_str_equal (type, "reveal") && self->seat >= 0)
    {
      GString *out = g_string_new (_("Blocks revealed"));

      for (int s = 0; s < MANHATTAN_N_SEATS; s++)
        {
          g_autofree char *key = g_strdup_printf ("blocks%d", s);
          const char *blocks = parlor_line_get (line, key);

          g_string_append_printf (out, "%s %s: %s", s == 0 ? " —" : ";",
                                  s == self->seat ? _("you") : self->names[s],
                                  blocks != NULL ? blocks : "");
        }
      return g_string_free (out, FALSE);
    }
  else if (mine && g_str_equal (type, "turn"))
    return g_strdup (_("Your turn"));
  else if (mine && g_str_equal (type, "set-aside"))
    {
      gint64 block;

      if (parlor_line_get_int (line, "block", 1, MANHATTAN_MAX_BLOCK, &block, NULL))
        return g_strdup_printf (_("You are still stuck, set aside a %d-storey block and pass"), (int) block);
    }
  else if (mine && g_str_equal (type, "score"))
    {
      gint64 round, gained, tallest, majority, buildings, total;

      if (parlor_line_get_int (line, "round", 0, MANHATTAN_N_ROUNDS, &round, NULL) &&
          parlor_line_get_int (line, "gained", 0, 1000, &gained, NULL) &&
          parlor_line_get_int (line, "tallest", 0, 1000, &tallest, NULL) &&
          parlor_line_get_int (line, "majority", 0, 1000, &majority, NULL) &&
          parlor_line_get_int (line, "buildings", 0, 1000, &buildings, NULL) &&
          parlor_line_get_int (line, "total", 0, 10000, &total, NULL))
        return g_strdup_printf (_("Round %d: you score %d (tallest %d, majorities %d, buildings %d); "
                                  "total %d"),
                                (int) round, (int) gained, (int) tallest, (int) majority,
                                (int) buildings, (int) total);
    }

  return manhattan_game_info.describe (text, (const char * const *) self->names);
}

static void
handle_event (ManhattanScreen *self,
              const char      *text)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autofree char *words = NULL;
  const char *type;
  gboolean emphasis;

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return;
  type = parlor_line_get_type (line);
  emphasis = g_str_equal (type, "round") || g_str_equal (type, "score") ||
             g_str_equal (type, "game-over") || g_str_equal (type, "stuck") ||
             g_str_equal (type, "set-aside");

  words = event_words (self, line, text);
  if (words != NULL && *words != '\0')
    parlor_log_view_append (self->log, words, emphasis);
  if (words != NULL && (g_str_equal (type, "play") || g_str_equal (type, "round") ||
                        g_str_equal (type, "stuck") || g_str_equal (type, "set-aside")))
    manhattan_panel_announce (self->panel, words);

  if (g_str_equal (type, "play"))
    {
      gint64 city, row, col;

      play_sound (self, PARLOR_SOUND_TURN_END);
      if (parlor_line_get_int (line, "city", 0, MANHATTAN_N_CITIES - 1, &city, NULL) &&
          parlor_line_get_int (line, "row", 0, 2, &row, NULL) &&
          parlor_line_get_int (line, "col", 0, 2, &col, NULL))
        manhattan_board_view_set_last_move (self->board, city, row, col);
    }
  else if (g_str_equal (type, "score"))
    add_score_line (self, line);
  else if (g_str_equal (type, "game-over"))
    show_result (self, line);
}

static void
on_event (ParlorSession   *session,
          const char      *text,
          ManhattanScreen *self)
{
  ensure_seated (self);
  handle_event (self, text);
}

static void
on_changed (ParlorSession   *session,
            ManhattanScreen *self)
{
  ensure_seated (self);
  refresh (self);
}

static void
on_seats_changed (ParlorSession   *session,
                  ManhattanScreen *self)
{
  if (self->seat < 0)
    return;
  update_names (self);
  if (self->has_view)
    manhattan_panel_set_view (self->panel, &self->view, (const char * const *) self->names);
}

static void
on_rejected (ParlorSession   *session,
             const GError    *error,
             ManhattanScreen *self)
{
  parlor_screen_toast (GTK_WIDGET (self), error->message);
}

static void
on_failed (ParlorSession   *session,
           const GError    *error,
           ManhattanScreen *self)
{
  parlor_log_view_append (self->log, error->message, TRUE);
  if (!parlor_session_is_playing (session) && self->has_view &&
      self->view.phase == MANHATTAN_PHASE_OVER)
    return;

  close_dialog (self);
  self->dialog = parlor_screen_show_connection_lost (GTK_WIDGET (self), session, error);
  if (self->dialog != NULL)
    g_object_add_weak_pointer (G_OBJECT (self->dialog), (gpointer *) &self->dialog);
}

static void
on_reconnected (ParlorSession   *session,
                ManhattanScreen *self)
{
  self->seat = -1;
  ensure_seated (self);
  refresh (self);
}

gboolean
manhattan_screen_submit (ManhattanScreen  *self,
                         const char       *action,
                         GError          **error)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->session == NULL)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER, _("No game is being played"));
      return FALSE;
    }

  return parlor_session_submit (self->session, action, error);
}

static void
submit_or_tell (ManhattanScreen *self,
                const char      *action)
{
  g_autoptr(GError) error = NULL;

  if (!manhattan_screen_submit (self, action, &error))
    parlor_screen_toast (GTK_WIDGET (self), error->message);
}

static void
on_choose (ManhattanScreen *self,
           const char      *blocks)
{
  g_autofree char *action = g_strdup_printf ("choose blocks=%s", blocks);

  submit_or_tell (self, action);
}

static int
only_block (ManhattanScreen *self)
{
  int found = 0;

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    if (self->view.chosen_known[self->seat] && self->view.chosen[self->seat][b] > 0)
      {
        if (found != 0)
          return 0;
        found = b;
      }
  return found;
}

static void
on_selection_changed (ManhattanScreen *self)
{
  int card = manhattan_panel_get_card (self->panel);
  int block = manhattan_panel_get_block (self->panel);

  if (card >= 0 && block == 0 && self->has_view && (block = only_block (self)) > 0)
    {
      manhattan_panel_select_block (self->panel, block);
      return;
    }
  manhattan_board_view_set_selection (self->board, card, block);
}

static void
on_spot_activated (ManhattanScreen *self,
                   int              city,
                   int              row,
                   int              col)
{
  int card, block;
  g_autofree char *action = NULL;

  if (!self->has_view || self->seat < 0)
    return;

  if (self->view.phase != MANHATTAN_PHASE_PLAY || self->view.turn != self->seat)
    {
      parlor_screen_toast (GTK_WIDGET (self), self->view.phase == MANHATTAN_PHASE_CHOOSE
                   ? _("Choose your blocks for this round first")
                   : _("It is not your turn"));
      return;
    }

  card = manhattan_panel_get_card (self->panel);
  if (card < 0)
    {
      /* A click on a spot picks the card that points there, if you hold one. */
      for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
        {
          int r, c;

          manhattan_card_spot (self->seat, p, &r, &c);
          if (r == row && c == col && self->view.hand[p] > 0)
            {
              manhattan_panel_select_card_position (self->panel, p);
              card = p;
              break;
            }
        }
      if (card < 0)
        {
          parlor_screen_toast (GTK_WIDGET (self), _("None of your cards points to that spot"));
          return;
        }
    }
  else
    {
      int r, c;

      manhattan_card_spot (self->seat, card, &r, &c);
      if (r != row || c != col)
        {
          parlor_screen_toast (GTK_WIDGET (self), _("Your card points to the lit spots only"));
          return;
        }
    }

  block = manhattan_panel_get_block (self->panel);
  if (block == 0)
    block = only_block (self);
  if (block == 0)
    {
      parlor_screen_toast (GTK_WIDGET (self), _("Pick a block to build with"));
      return;
    }

  if (!manhattan_view_play_is_legal (&self->view, card, city, block))
    {
      g_autofree char *why = manhattan_view_spot_refusal (&self->view, city, row, col, block);

      parlor_screen_toast (GTK_WIDGET (self), why != NULL ? why : _("You cannot build there"));
      return;
    }

  action = g_strdup_printf ("play card=%d city=%d block=%d", card, city, block);
  manhattan_panel_clear_selection (self->panel);
  submit_or_tell (self, action);
}

/* The log gives way to the board: it folds away with its button. */
static void
on_log_toggled (ManhattanScreen *self)
{
  gboolean shown = gtk_toggle_button_get_active (self->log_button);

  gtk_widget_set_visible (self->log_pane, shown);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->log_button),
                               GTK_ACCESSIBLE_STATE_EXPANDED, shown, -1);
}

/* Towers by default; the flat plan with numbers as a choice. */
static void
on_flat_toggled (ManhattanScreen *self)
{
  gboolean flat = gtk_toggle_button_get_active (self->flat_button);

  manhattan_board_view_set_flat (self->board, flat);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->flat_button),
                               GTK_ACCESSIBLE_STATE_PRESSED, flat, -1);
}

static void
card_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (widget);

  manhattan_panel_select_card (self->panel, g_variant_get_int32 (param));
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
block_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (widget);
  int size = g_variant_get_int32 (param);

  /* While choosing the round's blocks, Ctrl+N adds an N-storey block. */
  if (manhattan_panel_is_choosing (self->panel))
    {
      if (size >= 1 && size <= MANHATTAN_MAX_BLOCK)
        manhattan_panel_step_choice (self->panel, size, 1);
      return;
    }
  manhattan_panel_select_block (self->panel, size);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
manhattan_screen_dispose (GObject *object)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (object);

  stop_table (self);
  close_dialog (self);
  if (self->flat_button != NULL)
    g_settings_unbind (self->flat_button, "active");
  g_clear_pointer (&self->paned, gtk_widget_unparent);

  G_OBJECT_CLASS (manhattan_screen_parent_class)->dispose (object);
}

static void
manhattan_screen_finalize (GObject *object)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (object);

  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    g_free (self->names[i]);
  g_string_free (self->round_summary, TRUE);

  G_OBJECT_CLASS (manhattan_screen_parent_class)->finalize (object);
}

static gboolean
manhattan_screen_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (MANHATTAN_SCREEN (widget)->board));
}

static void
manhattan_screen_constructed (GObject *object)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (object);

  G_OBJECT_CLASS (manhattan_screen_parent_class)->constructed (object);
  self->app = parlor_game_screen_get_app (PARLOR_GAME_SCREEN (self));
  /* The board's look is remembered between games. */
  if (self->app != NULL)
    g_settings_bind (parlor_settings_get_settings (parlor_application_get_settings (self->app)),
                     "manhattan-flat-plan", self->flat_button, "active", G_SETTINGS_BIND_DEFAULT);
}

static void
screen_new_local_game (ParlorGameScreen *screen)
{
  manhattan_screen_new_local_game (GTK_WIDGET (screen));
}

static gboolean
screen_is_playing (ParlorGameScreen *screen)
{
  return manhattan_screen_is_playing (GTK_WIDGET (screen));
}

static gboolean
screen_host_game (ParlorGameScreen  *screen,
                  ParlorServer      *server,
                  const char        *table_id,
                  GError           **error)
{
  return manhattan_screen_host_game (GTK_WIDGET (screen), server, table_id, error);
}

static void
screen_join_game (ParlorGameScreen *screen,
                  ParlorClient     *client,
                  const char       *address)
{
  manhattan_screen_join_game (GTK_WIDGET (screen), client, address);
}

static void
manhattan_screen_class_init (ManhattanScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);
  static const guint digit_keys[] = { GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4 };

  object_class->constructed = manhattan_screen_constructed;
  object_class->dispose = manhattan_screen_dispose;
  object_class->finalize = manhattan_screen_finalize;
  widget_class->grab_focus = manhattan_screen_grab_focus;
  screen_class->new_local_game = screen_new_local_game;
  screen_class->is_playing = screen_is_playing;
  screen_class->host_game = screen_host_game;
  screen_class->join_game = screen_join_game;

  g_type_ensure (MANHATTAN_TYPE_BOARD_VIEW);
  g_type_ensure (MANHATTAN_TYPE_PANEL);
  g_type_ensure (PARLOR_TYPE_LOG_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/parlorgames/Parlor/manhattan/manhattan-screen.ui");
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, paned);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, board);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, panel);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, log);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, log_pane);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, log_button);
  gtk_widget_class_bind_template_callback (widget_class, on_log_toggled);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, flat_button);
  gtk_widget_class_bind_template_callback (widget_class, on_flat_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_spot_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_choose);

  gtk_widget_class_install_action (widget_class, "game.card", "i", card_action);
  gtk_widget_class_install_action (widget_class, "game.block", "i", block_action);
  for (int i = 0; i < 4; i++)
    {
      gtk_widget_class_add_binding_action (widget_class, digit_keys[i], 0, "game.card", "i", i);
      gtk_widget_class_add_binding_action (widget_class, digit_keys[i], GDK_CONTROL_MASK,
                                           "game.block", "i", i + 1);
    }

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "manhattan-screen");
}

static void
manhattan_screen_init (ManhattanScreen *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->log_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game Log"), -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->log_button),
                               GTK_ACCESSIBLE_STATE_EXPANDED, TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->flat_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Flat Plan"), -1);
  self->seat = -1;
  self->scored_round = -1;
  self->round_summary = g_string_new (NULL);
}

GtkWidget *
manhattan_screen_new_for_app (ParlorApplication *app)
{
  ManhattanScreen *self = g_object_new (MANHATTAN_TYPE_SCREEN, NULL);

  self->app = app;
  return GTK_WIDGET (self);
}

static void
reset (ManhattanScreen *self)
{
  stop_table (self);
  close_dialog (self);
  parlor_log_view_clear (self->log);
  manhattan_board_view_set_last_move (self->board, -1, 0, 0);
  manhattan_panel_clear_selection (self->panel);
  self->scored_round = -1;
  self->seat = -1;
  g_string_truncate (self->round_summary, 0);
}

static void
watch_session (ManhattanScreen *self,
               ParlorSession   *session)
{
  self->session = session;
  g_signal_connect (session, "event", G_CALLBACK (on_event), self);
  g_signal_connect (session, "changed", G_CALLBACK (on_changed), self);
  g_signal_connect (session, "log", G_CALLBACK (on_log), self);
  g_signal_connect (session, "timed-out", G_CALLBACK (on_timed_out), self);
  g_signal_connect (session, "seats-changed", G_CALLBACK (on_seats_changed), self);
  g_signal_connect (session, "rejected", G_CALLBACK (on_rejected), self);
  g_signal_connect (session, "failed", G_CALLBACK (on_failed), self);
  g_signal_connect (session, "reconnected", G_CALLBACK (on_reconnected), self);
}

/* Hosting a LAN game: the table lives in @server; the host is its player 0. */
gboolean
manhattan_screen_host_game (GtkWidget     *screen,
                            ParlorServer  *server,
                            const char    *table_id,
                            GError       **error)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  reset (self);
  watch_session (self, parlor_session_new_hosted (server, table_id));
  if (!parlor_session_start (self->session, error))
    {
      stop_table (self);
      return FALSE;
    }
  ensure_seated (self);
  refresh (self);
  self->tick_id = g_timeout_add (250, on_tick, self);
  return TRUE;
}

void
manhattan_screen_join_game (GtkWidget    *screen,
                            ParlorClient *client,
                            const char   *address)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  reset (self);
  watch_session (self, parlor_session_new_remote (client, address));
  ensure_seated (self);
  refresh (self);
  self->tick_id = g_timeout_add (250, on_tick, self);
}

void
manhattan_screen_new_local_game (GtkWidget *screen)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);
  ParlorSettings *settings = parlor_application_get_settings (self->app);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = parlor_settings_get_effective_name (settings);
  const char *level = parlor_game_info_level_for_strength (&manhattan_game_info,
                                                          parlor_settings_get_computer_strength (settings));
  const char *seed_text = g_getenv ("PARLOR_SEED");
  g_autoptr(ParlorTable) table = NULL;
  guint64 seed;
  guint player;

  reset (self);

  seed = seed_text != NULL ? g_ascii_strtoull (seed_text, NULL, 10) : parlor_game_seed ();
  table = parlor_table_new (&manhattan_game_info, "", seed, &error);
  if (table == NULL)
    {
      parlor_screen_toast (GTK_WIDGET (self), error->message);
      return;
    }

  player = parlor_table_add_player (table, PARLOR_SEAT_LOCAL, name, NULL);
  parlor_table_set_default_ai_level (table, level);
  parlor_table_set_time_limit (table, parlor_settings_get_time_limit (settings));
  parlor_table_set_ai_delay (table, parlor_settings_get_ai_delay (settings));

  watch_session (self, parlor_session_new_local (table, player));

  /* Seats are known only once the table has placed the players. */
  if (!parlor_session_start (self->session, &error))
    {
      parlor_screen_toast (GTK_WIDGET (self), error->message);
      stop_table (self);
      return;
    }
  ensure_seated (self);
  refresh (self);
  self->tick_id = g_timeout_add (250, on_tick, self);
}

gboolean
manhattan_screen_is_playing (GtkWidget *screen)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  return self->session != NULL && parlor_session_is_playing (self->session);
}

ParlorTable *
manhattan_screen_get_table (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), NULL);
  return self->session != NULL ? parlor_session_get_table (self->session) : NULL;
}

int
manhattan_screen_get_seat (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), -1);
  return self->seat;
}

char *
manhattan_screen_get_log_text (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), NULL);
  return parlor_log_view_get_text (self->log);
}

GtkWidget *
manhattan_screen_get_board (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->board);
}

GtkWidget *
manhattan_screen_get_panel (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->panel);
}

char *
manhattan_screen_dup_view (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), NULL);

  return self->session != NULL ? parlor_session_dup_view (self->session) : NULL;
}

gboolean
manhattan_screen_is_waiting (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), FALSE);

  return self->session != NULL && parlor_session_is_waiting (self->session);
}
