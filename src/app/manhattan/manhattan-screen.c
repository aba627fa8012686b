/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "manhattan-board-view.h"
#include "manhattan-game.h"
#include "manhattan-panel.h"
#include "manhattan-screen-private.h"
#include "manhattan-setup.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-session.h"

struct _ManhattanScreen
{
  ParlorGameScreen   parent_instance;

  GtkStack          *stack;   /* the base's */
  ParlorLogView     *log;
  ManhattanSetup    *setup;
  ManhattanBoardView *board;
  ManhattanPanel    *panel;
  GtkToggleButton   *flat_button;
  GtkBox            *board_row;

  ManhattanView      view;
  gboolean           has_view;
  gboolean           choosing;     /* the player's blocks for the round are asked for */
  gboolean           building;     /* the player's turn to build */
  int                scored_round;
  GString           *round_summary;
};

G_DEFINE_FINAL_TYPE (ManhattanScreen, manhattan_screen, PARLOR_TYPE_GAME_SCREEN)

static void
toast (ManhattanScreen *self,
       const char      *message)
{
  parlor_game_screen_toast (PARLOR_GAME_SCREEN (self), message);
}

static gboolean
manhattan_screen_show_view (ParlorGameScreen  *screen,
                            const char        *line,
                            GError           **error)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);
  gboolean building;

  if (!manhattan_view_parse (line, &self->view, error))
    return FALSE;
  self->has_view = TRUE;
  manhattan_board_view_set_view (self->board, &self->view);
  manhattan_panel_set_view (self->panel, &self->view, parlor_game_screen_get_names (PARLOR_GAME_SCREEN (self)));
  manhattan_board_view_set_selection (self->board, manhattan_panel_get_card (self->panel),
                                      manhattan_panel_get_block (self->panel));
  /* A round that asks for the player's blocks takes the focus to them. */
  if (manhattan_panel_is_choosing (self->panel) && !self->choosing)
    manhattan_panel_focus_choose (self->panel);
  self->choosing = manhattan_panel_is_choosing (self->panel);
  /* So does the player's turn to build, unless the focus is already on the board or the panel. */
  building = manhattan_view_may_play (&self->view) &&
             parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
  if (building && !self->building)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

      if (focus == NULL || (!gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board)) &&
                            !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->panel))))
        gtk_widget_grab_focus (GTK_WIDGET (self->board));
    }
  self->building = building;
  return TRUE;
}

static void
on_new_game_response (AdwMessageDialog *dialog,
                      const char       *response,
                      ManhattanScreen  *self)
{
  if (g_str_equal (response, "new"))
    parlor_game_screen_new_local_game (PARLOR_GAME_SCREEN (self));
  else if (g_str_equal (response, "menu"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.back", NULL);
  else if (g_str_equal (response, "watch"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.watch-again", NULL);
}

/* Watch Again waits for the game's replay. */
static void
update_watch_response (ManhattanScreen  *self,
                       GParamSpec       *pspec,
                       AdwMessageDialog *dialog)
{
  adw_message_dialog_set_response_enabled (dialog, "watch",
                                           parlor_game_screen_can_watch_again (PARLOR_GAME_SCREEN (self)));
}

/* A game against the computer waits while the dialog is open. */
static void
show_dialog (ManhattanScreen *self,
             const char      *heading,
             const char      *body,
             gboolean         game_over)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  AdwMessageDialog *dialog;

  parlor_game_screen_close_dialogs (PARLOR_GAME_SCREEN (self));
  if (!GTK_IS_WINDOW (root))
    return;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (root), heading, body));
  if (game_over)
    {
      adw_message_dialog_add_response (dialog, "menu", _("_Back to Menu"));
      if (parlor_game_screen_will_keep_replay (PARLOR_GAME_SCREEN (self)))
        {
          adw_message_dialog_add_response (dialog, "watch", _("_Watch Again"));
          update_watch_response (self, NULL, dialog);
          g_signal_connect_object (self, "notify::can-watch-again",
                                   G_CALLBACK (update_watch_response), dialog, 0);
        }
      adw_message_dialog_add_response (dialog, "new", _("_New Game"));
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
      /* On a LAN the others play on: the board stays usable behind it. */
      if (PARLOR_SCREEN_SESSION (self) != NULL &&
          (parlor_session_is_remote (PARLOR_SCREEN_SESSION (self)) || parlor_session_is_hosted (PARLOR_SCREEN_SESSION (self))))
        gtk_window_set_modal (GTK_WINDOW (dialog), FALSE);
    }
  parlor_game_screen_present_dialog (PARLOR_GAME_SCREEN (self), GTK_WINDOW (dialog));
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
      parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), PARLOR_SOUND_ROUND_END);
    }
  /* Translators: a round's score breakdown for one player */
  g_string_append_printf (self->round_summary,
                          _("%s: tallest +%d, majorities +%d, buildings +%d = +%d (total %d)\n"),
                          PARLOR_SCREEN_NAME (self, seat), (int) tallest, (int) majority, (int) buildings,
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
          g_string_append_printf (body, _("%d. %s (%s) — %s points\n"), rank, PARLOR_SCREEN_NAME (self, s),
                                  manhattan_seat_name (s), scores[s]);
          if (rank == 1 && s == PARLOR_SCREEN_SEAT (self))
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
  manhattan_board_view_set_names (self->board, parlor_game_screen_get_names (PARLOR_GAME_SCREEN (self)));
}

/* Players get their seats at the start, before the first deal is announced. */

/* The log's words: the game's own, except that places on the board are named
 * as the player sees them from their seat (as the cards and the board name
 * them), and the player is "you". */
static char *
manhattan_screen_event_words (ParlorGameScreen *screen,
                              const ParlorLine *line,
                              const char       *text)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);
  const char *type = parlor_line_get_type (line);
  gint64 seat = -1;
  gboolean mine;

  if (!parlor_line_get_int (line, "seat", 0, MANHATTAN_N_SEATS - 1, &seat, NULL))
    seat = -1;
  mine = seat >= 0 && seat == PARLOR_SCREEN_SEAT (self);

  if (g_str_equal (type, "play"))
    {
      gint64 city, row, col, block, height;

      if (parlor_line_get_int (line, "city", 0, MANHATTAN_N_CITIES - 1, &city, NULL) &&
          parlor_line_get_int (line, "row", 0, 2, &row, NULL) &&
          parlor_line_get_int (line, "col", 0, 2, &col, NULL) &&
          parlor_line_get_int (line, "block", 1, MANHATTAN_MAX_BLOCK, &block, NULL) &&
          parlor_line_get_int (line, "height", 0, 1000, &height, NULL) && seat >= 0)
        {
          const char *place = manhattan_position_name (manhattan_position_of_spot (PARLOR_SCREEN_SEAT (self), row, col));

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
                                  PARLOR_SCREEN_NAME (self, seat), (int) block, (int) city + 1, place, (int) height);
        }
    }
  else if (mine && (g_str_equal (type, "deal") || g_str_equal (type, "draw")) &&
           parlor_line_has (line, "cards"))
    {
      g_autofree char *cards = manhattan_cards_words (parlor_line_get (line, "cards"));

      return g_strdup_printf (g_str_equal (type, "deal") ? _("You are dealt: %s") : _("You draw: %s"),
                              cards);
    }
  else if (mine && g_str_equal (type, "chosen") && parlor_line_has (line, "blocks"))
    {
      if (parlor_line_has (line, "forced"))
        return g_strdup_printf (_("You build with the last blocks: %s"), parlor_line_get (line, "blocks"));
      return g_strdup_printf (_("You choose the blocks %s"), parlor_line_get (line, "blocks"));
    }
  else if (g_str_equal (type, "round") && PARLOR_SCREEN_SEAT (self) >= 0)
    {
      gint64 number, start;

      if (parlor_line_get_int (line, "number", 1, MANHATTAN_N_ROUNDS, &number, NULL) &&
          parlor_line_get_int (line, "start", 0, MANHATTAN_N_SEATS - 1, &start, NULL) &&
          start == PARLOR_SCREEN_SEAT (self))
        return g_strdup_printf (_("Round %d begins; you start"), (int) number);
    }
  else if (g_str_equal (type, "reveal") && PARLOR_SCREEN_SEAT (self) >= 0)
    {
      GString *out = g_string_new (_("Blocks revealed"));

      for (int s = 0; s < MANHATTAN_N_SEATS; s++)
        {
          g_autofree char *key = g_strdup_printf ("blocks%d", s);
          const char *blocks = parlor_line_get (line, key);

          g_string_append_printf (out, "%s %s: %s", s == 0 ? " —" : ";",
                                  s == PARLOR_SCREEN_SEAT (self) ? _("you") : PARLOR_SCREEN_NAME (self, s),
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

  return manhattan_game_info.describe (text, parlor_game_screen_get_names (PARLOR_GAME_SCREEN (self)));
}

static void
manhattan_screen_take_event (ParlorGameScreen *screen,
                             ParlorLine       *line,
                             const char       *type,
                             const char       *words)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);
  static const char * const told[] = { "play", "round", "stuck", "set-aside", NULL };

  if (words != NULL && g_strv_contains (told, type))
    manhattan_panel_announce (self->panel, words);

  if (g_str_equal (type, "play"))
    {
      gint64 city, row, col;

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
manhattan_screen_seated (ParlorGameScreen *screen)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  g_autofree char *intro = NULL;

  update_names (self);
  intro = g_strdup_printf (_("You play %s. The start player is chosen at random."),
                           manhattan_seat_name (parlor_game_screen_get_seat (screen)));
  parlor_log_view_append (self->log, intro, TRUE);
}

static void
manhattan_screen_seats_changed (ParlorGameScreen *screen)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  if (PARLOR_SCREEN_SEAT (self) < 0)
    return;
  update_names (self);
  if (self->has_view)
    manhattan_panel_set_view (self->panel, &self->view, parlor_game_screen_get_names (PARLOR_GAME_SCREEN (self)));
}

gboolean
manhattan_screen_submit (ManhattanScreen  *self,
                         const char       *action,
                         GError          **error)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return parlor_game_screen_submit (PARLOR_GAME_SCREEN (self), action, error);
}

static gboolean
submit_or_tell (ManhattanScreen *self,
                const char      *action)
{
  g_autoptr(GError) error = NULL;

  if (manhattan_screen_submit (self, action, &error))
    return TRUE;
  toast (self, error->message);
  return FALSE;
}

static void
on_choose (ManhattanScreen *self,
           const char      *blocks)
{
  g_autofree char *action = g_strdup_printf ("choose blocks=%s", blocks);

  /* The choice goes away with its button: the focus goes to the board. */
  if (submit_or_tell (self, action))
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static int
only_block (ManhattanScreen *self)
{
  int found = 0;

  for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
    if (self->view.chosen_known[PARLOR_SCREEN_SEAT (self)] && self->view.chosen[PARLOR_SCREEN_SEAT (self)][b] > 0)
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

/* A hinted play: its card and block picked and the board's cursor on its
 * spot, the board focused, so Enter builds it; a hinted choice: the blocks
 * set, with the focus on Choose. */
static void
manhattan_screen_show_hint (ParlorGameScreen *screen,
                            const char       *action)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  int seat = PARLOR_SCREEN_SEAT (self);
  gint64 card, city, block;
  int row, col;

  if (line == NULL || seat < 0)
    return;
  if (g_str_equal (parlor_line_get_type (line), "choose"))
    {
      guint8 counts[MANHATTAN_MAX_BLOCK + 1];

      if (manhattan_blocks_parse (parlor_line_get (line, "blocks"), counts, NULL))
        {
          manhattan_panel_set_choice (self->panel, counts);
          manhattan_panel_focus_choose (self->panel);
        }
      return;
    }
  if (!parlor_line_get_int (line, "card", 0, MANHATTAN_N_SPOTS - 1, &card, NULL) ||
      !parlor_line_get_int (line, "city", 0, MANHATTAN_N_CITIES - 1, &city, NULL) ||
      !parlor_line_get_int (line, "block", 1, MANHATTAN_MAX_BLOCK, &block, NULL))
    return;
  manhattan_panel_select_card_position (self->panel, (int) card);
  manhattan_panel_select_block (self->panel, (int) block);
  manhattan_card_spot (seat, (int) card, &row, &col);
  manhattan_board_view_set_cursor (self->board, (int) city, row, col);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
on_spot_activated (ManhattanScreen *self,
                   int              city,
                   int              row,
                   int              col)
{
  int card, block;
  g_autofree char *action = NULL;

  if (!self->has_view || PARLOR_SCREEN_SEAT (self) < 0)
    return;

  if (!manhattan_view_may_play (&self->view))
    {
      toast (self, self->view.phase == MANHATTAN_PHASE_CHOOSE
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

          manhattan_card_spot (PARLOR_SCREEN_SEAT (self), p, &r, &c);
          if (r == row && c == col && self->view.hand[p] > 0)
            {
              manhattan_panel_select_card_position (self->panel, p);
              card = p;
              break;
            }
        }
      if (card < 0)
        {
          toast (self, _("None of your cards points to that spot"));
          return;
        }
    }
  else
    {
      int r, c;

      manhattan_card_spot (PARLOR_SCREEN_SEAT (self), card, &r, &c);
      if (r != row || c != col)
        {
          toast (self, _("Your card points to the lit spots only"));
          return;
        }
    }

  block = manhattan_panel_get_block (self->panel);
  if (block == 0)
    block = only_block (self);
  if (block == 0)
    {
      toast (self, _("Pick a block to build with"));
      return;
    }

  if ((self->view.play_cities[card][block] & (1u << city)) == 0)
    {
      g_autofree char *why = manhattan_view_spot_refusal (&self->view, city, row, col, block);

      toast (self, why != NULL ? why : _("You cannot build there"));
      return;
    }

  action = g_strdup_printf ("play card=%d city=%d block=%d", card, city, block);
  manhattan_panel_clear_selection (self->panel);
  submit_or_tell (self, action);
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

/* The table places the players: seats are known once the game has started. */
static guint
manhattan_screen_seat_players (ParlorGameScreen *screen,
                               ParlorTable      *table,
                               const char       *name)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  parlor_table_set_default_ai_level (table, manhattan_setup_get_level (self->setup));
  parlor_table_set_time_limit (table, manhattan_setup_get_time_limit (self->setup));
  return parlor_table_add_player (table, PARLOR_SEAT_LOCAL, name, NULL);
}

static void
manhattan_screen_dispose (GObject *object)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (object);

  parlor_game_screen_set_session (PARLOR_GAME_SCREEN (self), NULL);
  parlor_game_screen_close_dialogs (PARLOR_GAME_SCREEN (self));
  if (self->flat_button != NULL)
    g_settings_unbind (self->flat_button, "active");
  gtk_widget_dispose_template (GTK_WIDGET (self), MANHATTAN_TYPE_SCREEN);

  G_OBJECT_CLASS (manhattan_screen_parent_class)->dispose (object);
}

static void
manhattan_screen_finalize (GObject *object)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (object);

  g_string_free (self->round_summary, TRUE);

  G_OBJECT_CLASS (manhattan_screen_parent_class)->finalize (object);
}

static gboolean
manhattan_screen_focus_play (ParlorGameScreen *screen,
                             const char       *page)
{
  return gtk_widget_grab_focus (GTK_WIDGET (MANHATTAN_SCREEN (screen)->board));
}

/* Forgets the last game, whatever it was. */
static void
manhattan_screen_reset (ParlorGameScreen *screen)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  manhattan_board_view_set_last_move (self->board, -1, 0, 0);
  manhattan_panel_clear_selection (self->panel);
  self->has_view = FALSE;
  self->choosing = FALSE;
  self->building = FALSE;
  self->scored_round = -1;
  g_string_truncate (self->round_summary, 0);
}

/* The board, the hand and the log of a game that has just started. */
static void
begin_play (ParlorGameScreen *screen)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  gtk_stack_set_visible_child_name (self->stack, "play");
  parlor_game_screen_refresh (screen);
  if (manhattan_panel_is_choosing (self->panel))
    manhattan_panel_focus_choose (self->panel);
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* The setup page, with the choices of the last game. */

static char *
manhattan_screen_host_config (ParlorGameScreen  *screen,
                              char             **summary)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (screen);

  if (summary != NULL)
    {
      const char *words = parlor_setup_get_strength_label (PARLOR_SETUP (self->setup));

      /* Translators: %s is a computer strength, "Medium" */
      *summary = g_strdup_printf (_("Seats nobody takes go to computer players (%s). "
                                    "Cancel to choose another strength on the game’s setup page."),
                                  words);
    }
  return g_strdup ("");
}

static void
manhattan_screen_constructed (GObject *object)
{
  ManhattanScreen *self = MANHATTAN_SCREEN (object);
  ParlorSettings *settings;

  G_OBJECT_CLASS (manhattan_screen_parent_class)->constructed (object);
  settings = parlor_game_screen_get_settings (PARLOR_GAME_SCREEN (self));
  if (settings == NULL)
    return;

  /* The board's look is remembered between games. */
  g_settings_bind (parlor_settings_get_settings (settings),
                   "manhattan-flat-plan", self->flat_button, "active", G_SETTINGS_BIND_DEFAULT);
}

static void
manhattan_screen_class_init (ManhattanScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);
  static const guint digit_keys[] = { GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4 };
  static const char * const headline_events[] = { "round", "score", "game-over", "stuck", "set-aside", NULL };
  static const char * const turn_events[] = { "play", NULL };

  parlor_game_screen_class_set_game (widget_class, &manhattan_game_info);
  g_type_ensure (MANHATTAN_TYPE_BOARD_VIEW);
  g_type_ensure (MANHATTAN_TYPE_PANEL);
  g_type_ensure (MANHATTAN_TYPE_SETUP);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, setup);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, board);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, panel);
  gtk_widget_class_bind_template_child (widget_class, ManhattanScreen, board_row);
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

  object_class->constructed = manhattan_screen_constructed;
  object_class->dispose = manhattan_screen_dispose;
  object_class->finalize = manhattan_screen_finalize;
  screen_class->focus_play = manhattan_screen_focus_play;
  screen_class->host_config = manhattan_screen_host_config;
  screen_class->event_words = manhattan_screen_event_words;
  screen_class->take_event = manhattan_screen_take_event;
  screen_class->headline_events = headline_events;
  screen_class->turn_events = turn_events;
  screen_class->show_view = manhattan_screen_show_view;
  screen_class->seats_changed = manhattan_screen_seats_changed;
  screen_class->seated = manhattan_screen_seated;
  screen_class->begin_play = begin_play;
  screen_class->seat_players = manhattan_screen_seat_players;
  screen_class->reset = manhattan_screen_reset;
  screen_class->show_hint = manhattan_screen_show_hint;
}

static void
manhattan_screen_init (ManhattanScreen *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->stack = parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (self));
  self->log = parlor_game_screen_get_log_view (PARLOR_GAME_SCREEN (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->flat_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Flat Plan"), -1);
  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), manhattan_panel_get_clock_label (self->panel));
  self->scored_round = -1;
  self->round_summary = g_string_new (NULL);
  parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), GTK_WIDGET (self->panel));
  gtk_box_append (self->board_row, manhattan_panel_get_status (self->panel));
  parlor_game_screen_keep_clear (PARLOR_GAME_SCREEN (self), manhattan_panel_get_status (self->panel));
}

gboolean
manhattan_screen_is_waiting (ManhattanScreen *self)
{
  g_return_val_if_fail (MANHATTAN_IS_SCREEN (self), FALSE);
  return parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
}
