/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mcr-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "mahjong-claim-bar.h"
#include "mahjong-mcr.h"
#include "mahjong-screen.h"
#include "mahjong-table-view.h"
#include "mcr-game.h"
#include "mcr-screen-private.h"
#include "mcr-setup.h"
#include "mcr-view.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-session.h"

#define N_SEATS MCR_N_SEATS
#define N_FLOWERS 8
#define FLOWER_BASE MAHJONG_N_KINDS

/* The fan names of the calculator, marked here for translation. */
static const char * const fan_names[] = {
  N_("Big Four Winds"), N_("Big Three Dragons"), N_("All Green"), N_("Nine Gates"),
  N_("Four Kongs"), N_("Seven Shifted Pairs"), N_("Thirteen Orphans"), N_("All Terminals"),
  N_("Little Four Winds"), N_("Little Three Dragons"), N_("All Honors"),
  N_("Four Concealed Pungs"), N_("Pure Terminal Chows"), N_("Quadruple Chow"),
  N_("Four Pure Shifted Pungs"), N_("Four Pure Shifted Chows"), N_("Three Kongs"),
  N_("All Terminals and Honors"), N_("Seven Pairs"), N_("Greater Honors and Knitted Tiles"),
  N_("All Even Pungs"), N_("Full Flush"), N_("Pure Triple Chow"), N_("Pure Shifted Pungs"),
  N_("Upper Tiles"), N_("Middle Tiles"), N_("Lower Tiles"), N_("Pure Straight"),
  N_("Three-Suited Terminal Chows"), N_("Pure Shifted Chows"), N_("All Fives"),
  N_("Triple Pung"), N_("Three Concealed Pungs"), N_("Lesser Honors and Knitted Tiles"),
  N_("Knitted Straight"), N_("Upper Four"), N_("Lower Four"), N_("Big Three Winds"),
  N_("Mixed Straight"), N_("Reversible Tiles"), N_("Mixed Triple Chow"),
  N_("Mixed Shifted Pungs"), N_("Chicken Hand"), N_("Last Tile Draw"), N_("Last Tile Claim"),
  N_("Out with Replacement Tile"), N_("Robbing the Kong"), N_("All Pungs"), N_("Half Flush"),
  N_("Mixed Shifted Chows"), N_("All Types"), N_("Melded Hand"), N_("Two Concealed Kongs"),
  N_("Two Dragon Pungs"), N_("Outside Hand"), N_("Fully Concealed Hand"),
  N_("Two Melded Kongs"), N_("Last Tile"), N_("Dragon Pung"), N_("Prevalent Wind"),
  N_("Seat Wind"), N_("Concealed Hand"), N_("All Chows"), N_("Tile Hog"), N_("Double Pung"),
  N_("Two Concealed Pungs"), N_("Concealed Kong"), N_("All Simples"), N_("Pure Double Chow"),
  N_("Mixed Double Chow"), N_("Short Straight"), N_("Two Terminal Chows"),
  N_("Pung of Terminals or Honors"), N_("Melded Kong"), N_("One Voided Suit"),
  N_("No Honors"), N_("Edge Wait"), N_("Closed Wait"), N_("Single Wait"), N_("Self-Drawn"),
  N_("Flower Tiles"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (fan_names) == MCR_N_FANS);

struct _McrScreen
{
  MahjongScreen     parent_instance;

  GtkStack         *stack;         /* the base's, as its log and result page */
  ParlorLogView    *log;
  AdwStatusPage    *result_page;
  GtkLabel         *ranking_label; /* the result's details */
  McrSetup         *setup;
  GtkLabel         *turn_label;
  GtkLabel         *info_label;
  GtkLabel         *clock_label;
  MahjongTableView *table;
  MahjongClaimBar  *claim_bar;
  char             *hand_title;   /* the hand just ended, for its page */
  gboolean          hand_pending; /* shown once the table has caught up */

  McrView           view;
  gboolean          has_view;
  guint8            flowers[N_SEATS][N_FLOWERS];
  guint8            n_flowers[N_SEATS];
  gboolean          finished;
  guint             n_results;
  char             *last_result;
};

G_DEFINE_FINAL_TYPE (McrScreen, mcr_screen, MAHJONG_TYPE_SCREEN)

static const char *
wind_name (guint wind)
{
  switch (wind % 4)
    {
    case 0: return _("East");
    case 1: return _("South");
    case 2: return _("West");
    default: return _("North");
    }
}

/* The fan's name in the player's language. */
static const char *
fan_label (const char *english,
           int        *points)
{
  for (guint i = 0; i < MCR_N_FANS; i++)
    if (g_strcmp0 (mcr_fan_name ((McrFan) i), english) == 0)
      {
        *points = mcr_fan_points ((McrFan) i);
        return _(fan_names[i]);
      }
  *points = 0;
  return english;
}

const char *
mcr_screen_fan_label (const char *english)
{
  int points;

  return fan_label (english, &points);
}

static const char *
tile_word (guint tile,
           char  buf[4])
{
  if (tile >= FLOWER_BASE && tile < FLOWER_BASE + N_FLOWERS)
    {
      g_snprintf (buf, 4, "f%u", tile - FLOWER_BASE + 1);
      return buf;
    }
  return mahjong_tile_to_string (tile, buf);
}

static gboolean
my_claim (McrScreen *self)
{
  return self->has_view && !self->finished && self->view.asked &&
         (self->view.phase == 'c' || self->view.phase == 'r');
}

static gboolean
my_turn (McrScreen *self)
{
  return self->has_view && !self->finished && self->view.asked && self->view.phase == 't';
}

static gboolean
can_move (McrScreen *self)
{
  return parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
}

/* The view's actions but discards, with their button labels. */
static guint
claim_choices (McrScreen  *self,
              GPtrArray  *actions,
              GPtrArray  *labels)
{
  const McrView *v = &self->view;

  for (guint i = 0; i < v->n_actions; i++)
    {
      const char *action = v->actions[i];
      const char *tile_text = strstr (action, " tile=");
      guint tile = tile_text != NULL ? mahjong_tile_from_string (tile_text + strlen (" tile="))
                                     : MAHJONG_NO_TILE;
      char *label;

      if (g_str_has_prefix (action, "discard") || g_str_equal (action, "pass"))
        continue;
      if (g_str_equal (action, "hu"))
        label = g_strdup (v->phase == 't' ? _("_Hu (self-drawn)") : _("_Hu"));
      else if (g_str_equal (action, "kong"))
        label = g_strdup (_("_Kong"));
      else if (g_str_equal (action, "pung"))
        label = g_strdup (_("_Pung"));
      else if (g_str_has_prefix (action, "chow ") && tile < MAHJONG_N_KINDS)
        {
          g_autofree char *run = mahjong_run_name (tile);

          /* Translators: a chow choice, "Chow 3, 4, 5 of characters" */
          label = g_strdup_printf (_("_Chow %s"), run);
        }
      else if (g_str_has_prefix (action, "kong ") && tile < MAHJONG_N_KINDS)
        {
          g_autofree char *name = mahjong_tile_name (tile);

          /* Translators: declaring a kong, "Kong of 5 of dots" */
          label = g_strdup_printf (_("_Kong of %s"), name);
        }
      else
        continue;
      g_ptr_array_add (actions, g_strdup (action));
      g_ptr_array_add (labels, label);
    }
  return actions->len;
}

static void
update_claims (McrScreen *self)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  MahjongClaim claims[MAHJONG_CLAIM_BAR_MAX];
  guint n;

  if (!can_move (self) || (!my_claim (self) && !my_turn (self)))
    {
      mahjong_claim_bar_clear (self->claim_bar);
      return;
    }
  n = claim_choices (self, actions, labels);
  n = MIN (n, MAHJONG_CLAIM_BAR_MAX - 1);
  /* A window with nothing to call never reaches the player: the table passes. */
  if (n == 0 && !my_claim (self))
    {
      mahjong_claim_bar_clear (self->claim_bar);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      claims[i].action = actions->pdata[i];
      claims[i].label = labels->pdata[i];
    }
  mahjong_claim_bar_set_claims (self->claim_bar, claims, n, my_claim (self),
                                my_claim (self) ? parlor_session_get_deadline (PARLOR_SCREEN_SESSION (self)) : 0);
}

static const char *
seat_name (McrScreen *self,
           guint      s)
{
  if ((int) s == PARLOR_SCREEN_SEAT (self))
    return _("You");
  return PARLOR_SCREEN_NAME (self, s) != NULL ? PARLOR_SCREEN_NAME (self, s) : "";
}

static void
update_status (McrScreen *self)
{
  const McrView *v = &self->view;
  g_autofree char *info = NULL;
  g_autofree char *turn = NULL;

  if (!self->has_view)
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_label_set_text (self->info_label, "");
      return;
    }
  /* Translators: "Hand 3 of 16 · Prevalent wind: East · Wall: 64 tiles" */
  info = g_strdup_printf (_("Hand %u of %u · Prevalent wind: %s · Wall: %u tiles"),
                          v->hand_no, v->n_hands, wind_name (v->prevalent), v->wall);
  gtk_label_set_text (self->info_label, info);

  if (self->finished)
    turn = g_strdup (_("The match is over"));
  else if (my_turn (self))
    turn = g_strdup (_("Your turn: choose a tile to discard"));
  else if (my_claim (self))
    {
      g_autofree char *name = mahjong_tile_name (v->tile);

      /* Translators: "Your call on 5 of dots from Bob" */
      turn = g_strdup_printf (_("Your call on %s from %s"), name, seat_name (self, v->from));
    }
  else if (v->phase == 't')
    /* Translators: "Bob’s turn" */
    turn = g_strdup_printf (_("%s’s turn"), seat_name (self, v->turn));
  else if (v->phase == 'c' || v->phase == 'r')
    turn = g_strdup (_("Waiting for calls"));
  else
    turn = g_strdup ("");
  gtk_label_set_text (self->turn_label, turn);
  if (my_turn (self) || my_claim (self))
    gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->turn_label), "accent");
}

static gboolean
mcr_screen_read_view (MahjongScreen     *screen,
                      const char        *view_line,
                      MahjongTableState *state,
                      GError           **error)
{
  McrScreen *self = MCR_SCREEN (screen);
  const McrView *v = &self->view;
  MahjongSeatState *mine;
  gboolean drawn_left;

  if (!mcr_view_parse (view_line, &self->view, error))
    return FALSE;
  self->has_view = TRUE;

  state->n_seats = N_SEATS;
  state->turn = v->phase == 't' ? (int) v->turn : -1;
  state->wall = v->wall;
  state->over = self->finished;
  for (guint s = 0; s < N_SEATS; s++)
    {
      MahjongSeatState *seat = &state->seats[s];

      seat->wind = wind_name ((s + N_SEATS - v->dealer) % N_SEATS);
      seat->score = v->scores[s];
      seat->active = v->phase == 't' && v->turn == s;
      seat->n_river = MIN (v->n_discards[s], MAHJONG_RIVER_MAX);
      memcpy (seat->river, v->discards[s], seat->n_river * sizeof seat->river[0]);
      seat->last_discard = (v->phase == 'c' || v->phase == 'r') && v->from == s;
      seat->n_melds = MIN (v->n_melds_of[s], MAHJONG_MELDS_MAX);
      memcpy (seat->melds, v->melds_of[s], seat->n_melds * sizeof seat->melds[0]);
      /* The flowers seen set aside; others (a game joined late) as plain flowers. */
      seat->n_flowers = MIN (v->flowers[s], N_FLOWERS);
      for (guint i = 0; i < seat->n_flowers; i++)
        seat->flowers[i] = i < self->n_flowers[s] ? self->flowers[s][i] : (MahjongTile) (FLOWER_BASE + i);
      if ((int) s != PARLOR_SCREEN_SEAT (self))
        {
          seat->has_drawn = v->phase == 't' && v->turn == s && v->n_hand[s] % 3 == 2;
          seat->n_tiles = MIN (v->n_hand[s] - (seat->has_drawn ? 1u : 0u), MAHJONG_HAND_MAX - 1);
        }
    }

  mine = &state->seats[PARLOR_SCREEN_SEAT (self)];
  drawn_left = v->drawn != MAHJONG_NO_TILE;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    for (guint k = 0; k < v->counts[t] && mine->n_tiles < MAHJONG_HAND_MAX - 1; k++)
      {
        if (drawn_left && t == v->drawn)
          {
            drawn_left = FALSE;
            continue;
          }
        mine->tiles[mine->n_tiles++] = (MahjongTile) t;
      }
  mine->has_drawn = v->drawn != MAHJONG_NO_TILE;
  mine->drawn = v->drawn;
  state->discarding = my_turn (self) && can_move (self);
  return TRUE;
}

static void
refresh (McrScreen *self)
{
  if (!mahjong_screen_refresh (MAHJONG_SCREEN (self)))
    return;
  update_claims (self);
  update_status (self);
}

/* The hand's result, once the table shows how it ended; the match's last
 * hand is told on the result page instead. */
static void
show_hand_page (McrScreen *self)
{
  g_autofree char *markup = g_markup_escape_text (self->last_result != NULL ? self->last_result : "", -1);

  self->hand_pending = FALSE;
  mahjong_screen_show_hand_result (MAHJONG_SCREEN (self), self->hand_title, markup);
}

static void
take_result (McrScreen  *self,
             const char *heading,
             const char *body)
{
  self->n_results++;
  g_free (self->hand_title);
  self->hand_title = g_strdup (heading);
  g_free (self->last_result);
  self->last_result = g_strdup (body);
  self->hand_pending = TRUE;
}

/* The winning hand as tiles on the hand page: its melds, its concealed
 * tiles and the winning tile apart. */
static void
show_winning_hand (McrScreen  *self,
                   int         seat,
                   const char *text)
{
  MahjongHand won;
  MahjongTile tiles[MAHJONG_HAND_MAX];
  guint n = 0;
  gboolean skipped = FALSE;

  if (text == NULL || !mahjong_hand_parse (text, &won, NULL))
    {
      mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
      return;
    }
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    for (guint k = 0; k < won.counts[t] && n < MAHJONG_HAND_MAX - 1; k++)
      {
        if (!skipped && t == won.last_tile)
          {
            skipped = TRUE;
            continue;
          }
        tiles[n++] = (MahjongTile) t;
      }
  mahjong_screen_show_win_hand (MAHJONG_SCREEN (self),
                                seat == PARLOR_SCREEN_SEAT (self) ? NULL : seat_name (self, seat),
                                tiles, n, skipped ? won.last_tile : MAHJONG_NO_TILE,
                                won.melds, won.n_melds);
}

static void
show_win (McrScreen        *self,
          const ParlorLine *line)
{
  GString *body = g_string_new (NULL);
  g_autofree char *heading = NULL;
  g_auto(GStrv) fans = NULL;
  g_auto(GStrv) pay = NULL;
  gint64 seat = 0, from = 0, fan = 0;
  const char *code_text = parlor_line_get (line, "tile");
  guint code = code_text != NULL ? mahjong_tile_from_string (code_text) : MAHJONG_NO_TILE;
  g_autofree char *tile = code != MAHJONG_NO_TILE ? mahjong_tile_name (code) : g_strdup ("?");
  const char *s;

  parlor_line_get_int (line, "seat", 0, N_SEATS - 1, &seat, NULL);
  parlor_line_get_int (line, "fan", 0, 10000, &fan, NULL);
  if (parlor_line_has (line, "self"))
    heading = (int) seat == PARLOR_SCREEN_SEAT (self)
              /* Translators: "You win by self-draw on 5 of dots" */
              ? g_strdup_printf (_("You win by self-draw on %s"), tile)
              /* Translators: "Bob wins by self-draw on 5 of dots" */
              : g_strdup_printf (_("%s wins by self-draw on %s"), seat_name (self, seat), tile);
  else
    {
      parlor_line_get_int (line, "from", 0, N_SEATS - 1, &from, NULL);
      heading = (int) seat == PARLOR_SCREEN_SEAT (self)
                /* Translators: "You win on 5 of dots from Bob" */
                ? g_strdup_printf (_("You win on %s from %s"), tile, seat_name (self, from))
                /* Translators: "Bob wins on 5 of dots from you" */
                : (int) from == PARLOR_SCREEN_SEAT (self)
                ? g_strdup_printf (_("%s wins on %s from you"), seat_name (self, seat), tile)
                : g_strdup_printf (_("%s wins on %s from %s"), seat_name (self, seat), tile,
                                   seat_name (self, from));
    }
  show_winning_hand (self, (int) seat, parlor_line_get (line, "hand"));
  fans = g_strsplit (parlor_line_get (line, "fans") != NULL ? parlor_line_get (line, "fans") : "", ";", -1);
  for (guint i = 0; fans[i] != NULL; i++)
    {
      char *x = strrchr (fans[i], 'x');
      guint count = 1;
      int points;
      const char *name;

      if (fans[i][0] == '\0')
        continue;
      if (x != NULL && x > fans[i] && x[-1] == ' ')
        {
          count = (guint) g_ascii_strtoull (x + 1, NULL, 10);
          x[-1] = '\0';
        }
      name = fan_label (fans[i], &points);
      if (count > 1)
        /* Translators: a fan counted several times, "Pure Double Chow ×2: 2 fan" */
        g_string_append_printf (body, _("%s ×%u: %d fan"), name, count, points * (int) count);
      else
        /* Translators: "Pure Straight: 16 fan" */
        g_string_append_printf (body, _("%s: %d fan"), name, points);
      g_string_append_c (body, '\n');
    }
  /* Translators: the hand's total */
  g_string_append_printf (body, _("Total: %d fan"), (int) fan);
  g_string_append (body, "\n\n");
  g_string_append (body, _("Payments:"));
  pay = g_strsplit (parlor_line_get (line, "pay") != NULL ? parlor_line_get (line, "pay") : "", ",", -1);
  for (guint i = 0; pay[i] != NULL && i < N_SEATS; i++)
    /* Translators: a payment, "Bob: -32" */
    g_string_append_printf (body, _("\n%s: %+d"), seat_name (self, i),
                            (int) g_ascii_strtoll (pay[i], NULL, 10));
  if ((s = parlor_line_get (line, "scores")) != NULL)
    {
      g_string_append (body, "\n\n");
      /* Translators: the scores after the hand, "Scores: 66, -22, -22, -22" */
      g_string_append_printf (body, _("Scores: %s"), s);
    }

  take_result (self, heading, body->str);
  g_string_free (body, TRUE);
}

static void
handle_event (McrScreen  *self,
              const char *text)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  g_autofree char *words = NULL;
  const char *type;

  if (line == NULL)
    return;
  type = parlor_line_get_type (line);
  {
    const char *names[N_SEATS];

    for (guint i = 0; i < N_SEATS; i++)
      names[i] = (int) i == PARLOR_SCREEN_SEAT (self) ? "" : PARLOR_SCREEN_NAME (self, i);
    words = mcr_game_info.describe (text, names);
  }
  if (words != NULL && *words != '\0' && !g_str_equal (type, "answered"))
    parlor_log_view_append (self->log, words,
                            g_str_equal (type, "hand") || g_str_equal (type, "hu") ||
                            g_str_equal (type, "exhausted") || g_str_equal (type, "start"));
  mahjong_table_view_announce_event (self->table, line, PARLOR_SCREEN_SEAT (self), words);

  if (g_str_equal (type, "hand"))
    {
      memset (self->n_flowers, 0, sizeof self->n_flowers);
    }
  else if (g_str_equal (type, "flower"))
    {
      const char *tile = parlor_line_get (line, "tile");
      gint64 seat;
      /* Flowers are "f1"…"f8". */
      guint t = tile != NULL && tile[0] == 'f' && tile[1] >= '1' && tile[1] <= '8' && tile[2] == '\0'
                ? FLOWER_BASE + (guint) (tile[1] - '1') : MAHJONG_NO_TILE;

      if (parlor_line_get_int (line, "seat", 0, N_SEATS - 1, &seat, NULL) &&
          t >= FLOWER_BASE && self->n_flowers[seat] < N_FLOWERS)
        self->flowers[seat][self->n_flowers[seat]++] = (guint8) t;
    }
  else if (g_str_equal (type, "discard"))
    parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), PARLOR_SOUND_TURN_END);
  else if (g_str_equal (type, "hu"))
    {
      parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), PARLOR_SOUND_ROUND_END);
      show_win (self, line);
    }
  else if (g_str_equal (type, "exhausted"))
    {
      mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
      take_result (self, _("Drawn Hand"), _("The wall is exhausted: a drawn hand, nobody pays."));
    }
}

static void
mcr_screen_session_event (ParlorGameScreen *screen,
                          const char       *text)
{
  McrScreen *self = MCR_SCREEN (screen);

  handle_event (self, text);
}

static void
mcr_screen_session_changed (ParlorGameScreen *screen)
{
  McrScreen *self = MCR_SCREEN (screen);

  refresh (self);
  if (self->hand_pending && !self->finished)
    show_hand_page (self);
}

static void
mcr_screen_seats_changed (ParlorGameScreen *screen)
{
  PARLOR_GAME_SCREEN_CLASS (mcr_screen_parent_class)->seats_changed (screen);
  refresh (MCR_SCREEN (screen));
}

static void
mcr_screen_game_over (ParlorGameScreen *screen,
                      const char       *result)
{
  McrScreen *self = MCR_SCREEN (screen);
  g_autoptr(ParlorLine) line = parlor_line_parse (result, NULL);
  g_auto(GStrv) scores = NULL;
  g_auto(GStrv) ranks = NULL;
  g_auto(GStrv) wins = NULL;
  GString *text = g_string_new (NULL);
  int my_rank = 0;

  self->finished = TRUE;
  mahjong_screen_end_hand_pause (MAHJONG_SCREEN (self));
  mahjong_claim_bar_clear (self->claim_bar);
  mahjong_hand_view_set_interactive (mahjong_table_view_get_hand (self->table, 0), FALSE);
  update_status (self);
  if (line != NULL)
    {
      scores = g_strsplit (parlor_line_get (line, "scores") ? parlor_line_get (line, "scores") : "", ",", -1);
      ranks = g_strsplit (parlor_line_get (line, "ranks") ? parlor_line_get (line, "ranks") : "", ",", -1);
      wins = g_strsplit (parlor_line_get (line, "wins") ? parlor_line_get (line, "wins") : "", ",", -1);
    }
  for (guint place = 1; place <= N_SEATS && ranks != NULL; place++)
    for (guint s = 0; s < N_SEATS && ranks[s] != NULL; s++)
      if (g_ascii_strtoull (ranks[s], NULL, 10) == place)
        {
          if ((int) s == PARLOR_SCREEN_SEAT (self))
            my_rank = (int) place;
          if (text->len > 0)
            g_string_append_c (text, '\n');
          /* Translators: a ranking line, "1. Bob: 48 points, 3 hands won" */
          {
            guint won = wins != NULL && g_strv_length (wins) > s
                        ? (guint) g_ascii_strtoull (wins[s], NULL, 10) : 0;

            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                       "%u. %s: %s points, %u hand won",
                                                       "%u. %s: %s points, %u hands won", won),
                                    place, PARLOR_SCREEN_NAME (self, s),
                                    scores != NULL && g_strv_length (scores) > s ? scores[s] : "0",
                                    won);
          }
        }
  adw_status_page_set_title (self->result_page,
                             my_rank == 1 ? _("You Win the Match!")
                             : my_rank > 0 ? _("The Match Is Over") : _("Match Over"));
  if (my_rank > 1)
    {
      /* Translators: "You finished 3rd of 4" is awkward to translate: "You finished in place 3 of 4" */
      g_autofree char *desc = g_strdup_printf (_("You finished in place %d of 4"), my_rank);

      adw_status_page_set_description (self->result_page, desc);
    }
  else
    adw_status_page_set_description (self->result_page, NULL);
  if (self->hand_pending && self->hand_title != NULL)
    g_string_append_printf (text, "\n\n%s\n%s", self->hand_title,
                            self->last_result != NULL ? self->last_result : "");
  self->hand_pending = FALSE;
  gtk_label_set_text (self->ranking_label, text->str);
  g_string_free (text, TRUE);
  parlor_game_screen_show_result_page (PARLOR_GAME_SCREEN (self));
  parlor_game_screen_play_sound (screen, PARLOR_SOUND_ROUND_END);
}

static char *
mcr_screen_discard_action (MahjongScreen *screen,
                           guint          tile)
{
  McrScreen *self = MCR_SCREEN (screen);
  g_autofree char *action = NULL;
  char buf[4];

  if (!my_turn (self) || tile >= MAHJONG_N_KINDS)
    return NULL;
  action = g_strdup_printf ("discard tile=%s", tile_word (tile, buf));
  return mcr_view_can (&self->view, action) ? g_steal_pointer (&action) : NULL;
}

static void
mcr_screen_reset (ParlorGameScreen *screen)
{
  McrScreen *self = MCR_SCREEN (screen);

  PARLOR_GAME_SCREEN_CLASS (mcr_screen_parent_class)->reset (screen);
  memset (self->n_flowers, 0, sizeof self->n_flowers);
  self->has_view = FALSE;
  self->finished = FALSE;
  self->n_results = 0;
  self->hand_pending = FALSE;
  g_clear_pointer (&self->last_result, g_free);
  g_clear_pointer (&self->hand_title, g_free);
  mahjong_screen_end_hand_pause (MAHJONG_SCREEN (self));
}

static void
begin_play (ParlorGameScreen *screen)
{
  McrScreen *self = MCR_SCREEN (screen);

  gtk_stack_set_visible_child_name (self->stack, "play");
  refresh (self);
  mahjong_screen_focus_hand (MAHJONG_SCREEN (self));
}

static char *
mcr_screen_host_config (ParlorGameScreen  *screen,
                        char             **summary)
{
  McrScreen *self = MCR_SCREEN (screen);

  if (summary != NULL)
    {
      g_autofree char *text = mcr_setup_summary (self->setup);

      /* Translators: %s is the match's choices, "Computer level 3 · 16 hands" */
      *summary = g_strdup_printf (_("%s. Empty seats are played by the computer. "
                                    "Cancel to choose otherwise on the game’s setup page."), text);
    }
  return mcr_setup_make_config (self->setup);
}

static char *
mcr_screen_local_config (ParlorGameScreen *screen)
{
  return mcr_setup_make_config (MCR_SCREEN (screen)->setup);
}

static guint
mcr_screen_seat_players (ParlorGameScreen *screen,
                         ParlorTable      *table,
                         const char       *name)
{
  McrScreen *self = MCR_SCREEN (screen);
  const char *level = mcr_setup_get_level (self->setup);
  guint player = parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, name, NULL);

  for (guint s = 1; s < N_SEATS; s++)
    {
      /* Translators: a computer player, "Computer 2" */
      g_autofree char *computer = g_strdup_printf (_("Computer %u"), s);

      parlor_table_add_player_at (table, s, PARLOR_SEAT_AI, computer, level);
    }
  return player;
}

static void
mcr_screen_finalize (GObject *object)
{
  McrScreen *self = MCR_SCREEN (object);

  g_free (self->last_result);
  g_free (self->hand_title);
  G_OBJECT_CLASS (mcr_screen_parent_class)->finalize (object);
}

static void
mcr_screen_class_init (McrScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);

  object_class->finalize = mcr_screen_finalize;
  screen_class->host_config = mcr_screen_host_config;
  screen_class->session_event = mcr_screen_session_event;
  screen_class->session_changed = mcr_screen_session_changed;
  screen_class->seats_changed = mcr_screen_seats_changed;
  MAHJONG_SCREEN_CLASS (klass)->discard_action = mcr_screen_discard_action;
  MAHJONG_SCREEN_CLASS (klass)->read_view = mcr_screen_read_view;
  screen_class->game_over = mcr_screen_game_over;
  screen_class->begin_play = begin_play;
  screen_class->game_info = &mcr_game_info;
  screen_class->local_config = mcr_screen_local_config;
  screen_class->seat_players = mcr_screen_seat_players;
  screen_class->reset = mcr_screen_reset;

  parlor_game_screen_class_install_game_actions (widget_class, "mcr");
  mahjong_screen_class_install_next_hand (widget_class, "mcr.next-hand");

  g_type_ensure (MAHJONG_TYPE_TABLE_VIEW);
  g_type_ensure (MCR_TYPE_SETUP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/mcr/mcr-screen.ui");
  gtk_widget_class_bind_template_child (widget_class, McrScreen, setup);
  gtk_widget_class_bind_template_child (widget_class, McrScreen, turn_label);
  gtk_widget_class_bind_template_child (widget_class, McrScreen, clock_label);
  gtk_widget_class_bind_template_child (widget_class, McrScreen, table);
  gtk_widget_class_set_css_name (widget_class, "mcr-screen");
}

static void
mcr_screen_init (McrScreen *self)
{
  GtkWidget *center = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->stack = parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (self));
  self->log = parlor_game_screen_get_log_view (PARLOR_GAME_SCREEN (self));
  self->result_page = parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (self));
  adw_status_page_set_icon_name (self->result_page, "applications-games-symbolic");
  self->ranking_label = parlor_game_screen_get_result_details (PARLOR_GAME_SCREEN (self));
  gtk_label_set_wrap (self->ranking_label, FALSE);
  gtk_label_set_justify (self->ranking_label, GTK_JUSTIFY_LEFT);
  gtk_widget_add_css_class (GTK_WIDGET (self->ranking_label), "title-4");

  self->info_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (self->info_label, TRUE);
  gtk_label_set_justify (self->info_label, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->info_label), "dim-label");
  self->claim_bar = MAHJONG_CLAIM_BAR (mahjong_claim_bar_new ());
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->info_label));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->claim_bar));
  gtk_widget_set_valign (center, GTK_ALIGN_CENTER);
  mahjong_table_view_set_center (self->table, center);
  mahjong_screen_set_table (MAHJONG_SCREEN (self), self->table);
  mahjong_screen_set_claim_bar (MAHJONG_SCREEN (self), self->claim_bar);
  mahjong_screen_add_hand_page (MAHJONG_SCREEN (self), self->stack, N_SEATS, "mcr.next-hand");
  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), self->clock_label);
}

GtkWidget *
mcr_screen_get_my_hand (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), NULL);
  return GTK_WIDGET (mahjong_table_view_get_hand (self->table, 0));
}

GtkWidget *
mcr_screen_get_claim_bar (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->claim_bar);
}

GtkWidget *
mcr_screen_get_table_view (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->table);
}

GtkWidget *
mcr_screen_get_result_page (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->result_page);
}

char *
mcr_screen_dup_view (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), NULL);
  if (PARLOR_SCREEN_SEAT (self) < 0 || PARLOR_SCREEN_SESSION (self) == NULL)
    return NULL;
  return parlor_session_dup_view (PARLOR_SCREEN_SESSION (self));
}

const char *
mcr_screen_get_turn_text (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), NULL);
  return gtk_label_get_text (self->turn_label);
}

gboolean
mcr_screen_is_my_turn (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), FALSE);
  return my_turn (self) && can_move (self);
}

gboolean
mcr_screen_is_my_claim (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), FALSE);
  return my_claim (self) && can_move (self);
}

guint
mcr_screen_get_n_results (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), 0);
  return self->n_results;
}

const char *
mcr_screen_get_last_result (McrScreen *self)
{
  g_return_val_if_fail (MCR_IS_SCREEN (self), NULL);
  return self->last_result;
}
