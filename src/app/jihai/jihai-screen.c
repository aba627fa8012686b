/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "jihai-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "jihai-game.h"
#include "jihai-screen-private.h"
#include "jihai-setup.h"
#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "mahjong-melds-view.h"
#include "mahjong-river-view.h"
#include "mahjong-screen.h"
#include "mahjong-tile-paint.h"
#include "mahjong-table-view.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-session.h"

#define N_SEATS 2
/* The mahjong kit's East wind: the honor tiles 27–33 in jihai's kind order. */
#define HONOR_BASE 27

struct _JihaiScreen
{
  MahjongScreen     parent_instance;

  GtkStack         *stack;            /* the base's, as its log and result page */
  ParlorLogView    *log;
  AdwStatusPage    *result_page;
  GtkLabel         *result_details;
  JihaiSetup       *setup;
  MahjongTableView *table;

  /* The table's centre. */
  GtkLabel         *turn_label;
  GtkLabel         *wall_label;
  GtkLabel         *clock_label;
  GtkLabel         *hint_label;
  MahjongClaimBar  *claim_bar;

  JihaiView         view;
  gboolean          has_view;
  int               last_discarder;   /* -1 none */
  guint             ron_hint;         /* a kind I may not ron on, or JIHAI_NO_KIND */
  char             *hand_title;       /* the last hand's outcome */
  char             *hand_text;        /* its breakdown */
  gboolean          hand_pending;     /* a hand ended: show it */
  int               final_score[N_SEATS];
  int               winner;
  guint             hands;
  gboolean          finished;
};

G_DEFINE_FINAL_TYPE (JihaiScreen, jihai_screen, MAHJONG_TYPE_SCREEN)

static char    *jihai_screen_host_config    (ParlorGameScreen  *screen,
                                             char             **summary);

static int
opponent (JihaiScreen *self)
{
  return PARLOR_SCREEN_SEAT (self) >= 0 ? 1 - PARLOR_SCREEN_SEAT (self) : 1;
}

static gboolean
asked (JihaiScreen *self)
{
  return self->has_view && PARLOR_SCREEN_SEAT (self) >= 0 && !self->finished && !self->view.over &&
         self->view.turn == PARLOR_SCREEN_SEAT (self) && self->view.ask != JIHAI_ASK_NONE;
}

static gboolean
can_move (JihaiScreen *self)
{
  return asked (self) && parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
}

static MahjongTile
tile_of (guint kind)
{
  return kind < JIHAI_N_KINDS ? (MahjongTile) (HONOR_BASE + kind) : MAHJONG_NO_TILE;
}

static guint
kind_of (MahjongTile tile)
{
  return tile >= HONOR_BASE && tile < HONOR_BASE + JIHAI_N_KINDS ? (guint) (tile - HONOR_BASE)
                                                                  : JIHAI_NO_KIND;
}

static char *
kind_name (guint kind)
{
  return mahjong_tile_name (tile_of (kind));
}

static void
to_mahjong_meld (const JihaiMeld *meld,
                 MahjongMeld     *out)
{
  out->type = meld->type == JIHAI_MELD_PUNG ? MAHJONG_MELD_PUNG : MAHJONG_MELD_KONG;
  out->tile = tile_of (meld->kind);
  switch (meld->type)
    {
    case JIHAI_MELD_CONCEALED_KONG:
      out->source = MAHJONG_MELD_CONCEALED;
      out->from = 0;
      out->claimed = MAHJONG_NO_TILE;
      break;
    case JIHAI_MELD_ADDED_KONG:
      out->source = MAHJONG_MELD_ADDED;
      out->from = 2;
      out->claimed = out->tile;
      break;
    default:
      out->source = MAHJONG_MELD_CLAIMED;
      out->from = 2;
      out->claimed = out->tile;
      break;
    }
}

/* Tiles held besides melds (a kong counts three): 8 means a tile to discard. */
static guint
hand_size (JihaiScreen *self,
           int          seat)
{
  return self->view.n_concealed[seat] + 3 * self->view.n_melds[seat];
}

static char *
ron_hint_text (guint kind)
{
  g_autofree char *name = kind_name (kind);

  /* Translators: %s is a tile, "East wind" */
  return g_strdup_printf (_("%s would complete your hand, but you discarded one earlier in this "
                            "hand: no ron on it."), name);
}

static void
update_claims (JihaiScreen *self)
{
  MahjongClaim claims[MAHJONG_CLAIM_BAR_MAX];
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;
  gboolean window;
  const JihaiOptions *o = &self->view.options;

  if (self->ron_hint < JIHAI_N_KINDS && !self->finished)
    {
      g_autofree char *hint = ron_hint_text (self->ron_hint);

      gtk_label_set_text (self->hint_label, hint);
      gtk_widget_set_visible (GTK_WIDGET (self->hint_label), TRUE);
    }
  else
    {
      gtk_label_set_text (self->hint_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
    }
  if (!can_move (self))
    {
      mahjong_claim_bar_clear (self->claim_bar);
      return;
    }

  window = self->view.ask == JIHAI_ASK_CLAIM || self->view.ask == JIHAI_ASK_ROB;
  if (o->can & JIHAI_CAN_TSUMO)
    claims[n++] = (MahjongClaim) { "tsumo", _("_Tsumo") };
  if (o->can & JIHAI_CAN_RON)
    claims[n++] = (MahjongClaim) { "ron", _("_Ron") };
  if (o->can & JIHAI_CAN_KONG)
    claims[n++] = (MahjongClaim) { "kong", _("_Kong") };
  if (o->can & JIHAI_CAN_PUNG)
    claims[n++] = (MahjongClaim) { "pung", _("_Pung") };
  for (guint k = 0; k < JIHAI_N_KINDS && n + 2 < MAHJONG_CLAIM_BAR_MAX; k++)
    {
      g_autofree char *name = NULL;
      char *action, *label;

      if (!((o->ckong | o->akong) & (1u << k)))
        continue;
      name = kind_name (k);
      action = g_strdup_printf ("%s %c", (o->ckong & (1u << k)) ? "ckong" : "akong",
                                jihai_kind_letter (k));
      /* Translators: a button declaring a kong, "_Kong of East wind" */
      label = g_strdup_printf (_("_Kong of %s"), name);
      g_ptr_array_add (keep, action);
      g_ptr_array_add (keep, label);
      claims[n++] = (MahjongClaim) { action, label };
    }
  if (window && (o->can & JIHAI_CAN_PASS))
    claims[n++] = (MahjongClaim) { "pass", _("Pa_ss") };

  if (n == 0)
    mahjong_claim_bar_clear (self->claim_bar);
  else
    mahjong_claim_bar_set_claims (self->claim_bar, claims, n, window,
                                  window ? parlor_session_get_deadline (PARLOR_SCREEN_SESSION (self)) : 0);
}

static void
update_status (JihaiScreen *self)
{
  g_autofree char *wall = NULL;

  if (!self->has_view)
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_label_set_text (self->wall_label, "");
      return;
    }

  /* Translators: the tiles left to draw */
  wall = g_strdup_printf (ngettext ("Hand %u · %u tile in the wall", "Hand %u · %u tiles in the wall",
                                    self->view.wall),
                          self->view.hand_no, self->view.wall);
  gtk_label_set_text (self->wall_label, wall);

  gtk_widget_remove_css_class (GTK_WIDGET (self->turn_label), "accent");
  if (self->finished || self->view.over)
    gtk_label_set_text (self->turn_label, _("Match over"));
  else if (asked (self))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "accent");
      if (self->view.ask == JIHAI_ASK_TURN)
        gtk_label_set_text (self->turn_label, _("Your turn: choose a tile to discard"));
      else
        {
          g_autofree char *name = kind_name (self->view.claim);
          /* Translators: %s is a tile */
          g_autofree char *text = self->view.ask == JIHAI_ASK_ROB
                                  ? g_strdup_printf (_("Rob the kong of %s?"), name)
                                  : g_strdup_printf (_("Call the %s?"), name);

          gtk_label_set_text (self->turn_label, text);
        }
    }
  else if (self->view.turn >= 0)
    {
      /* Translators: "Computer (Normal) is playing…" */
      g_autofree char *text = g_strdup_printf (_("%s is playing…"), PARLOR_SCREEN_NAME (self, opponent (self)));

      gtk_label_set_text (self->turn_label, text);
    }
  else
    gtk_label_set_text (self->turn_label, "");
}

static gboolean
jihai_screen_read_view (MahjongScreen     *screen,
                        const char        *view_line,
                        MahjongTableState *state,
                        GError           **error)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  const JihaiView *v = &self->view;
  MahjongSeatState *mine, *theirs;
  guint8 counts[JIHAI_N_KINDS];
  int other;

  if (!jihai_view_parse (view_line, &self->view, error))
    return FALSE;
  self->has_view = TRUE;
  other = opponent (self);

  state->turn = v->turn;
  state->wall = v->wall;
  state->over = v->over;
  for (guint s = 0; s < N_SEATS; s++)
    {
      MahjongSeatState *seat = &state->seats[s];

      seat->wind = s == v->starter ? _("starter") : NULL;
      seat->score = v->score[s];
      seat->active = !v->over && v->turn == (int) s;
      seat->n_melds = MIN (v->n_melds[s], MAHJONG_MELDS_MAX);
      for (guint i = 0; i < seat->n_melds; i++)
        to_mahjong_meld (&v->melds[s][i], &seat->melds[i]);
      seat->n_river = v->n_discards[s];
      for (guint j = 0; j < v->n_discards[s]; j++)
        seat->river[j] = tile_of (v->discards[s][j]);
      seat->last_discard = self->last_discarder == (int) s && v->n_discards[s] > 0;
    }

  /* My hand, the drawn tile apart. */
  mine = &state->seats[PARLOR_SCREEN_SEAT (self)];
  memcpy (counts, v->counts, sizeof counts);
  if (v->drawn < JIHAI_N_KINDS && counts[v->drawn] > 0)
    {
      counts[v->drawn]--;
      mine->has_drawn = TRUE;
      mine->drawn = tile_of (v->drawn);
    }
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    for (guint c = 0; c < counts[k] && mine->n_tiles < MAHJONG_HAND_MAX - 1; c++)
      mine->tiles[mine->n_tiles++] = tile_of (k);
  state->discarding = can_move (self) && v->ask == JIHAI_ASK_TURN && (v->options.can & JIHAI_CAN_DISCARD);

  theirs = &state->seats[other];
  theirs->has_drawn = hand_size (self, other) > 7;
  theirs->n_tiles = theirs->has_drawn ? v->n_concealed[other] - 1 : v->n_concealed[other];
  return TRUE;
}

static void
refresh (JihaiScreen *self)
{
  if (!mahjong_screen_refresh (MAHJONG_SCREEN (self)))
    return;
  update_claims (self);
  update_status (self);
}

static const char *
shape_label (const char *shape)
{
  if (g_strcmp0 (shape, "A") == 0)
    /* Translators: the winning hand's shape; the letters are the rules' names for them */
    return _("Two sets and a pair (shape A)");
  if (g_strcmp0 (shape, "B") == 0)
    return _("Four pairs of four different kinds (shape B)");
  if (g_strcmp0 (shape, "C") == 0)
    return _("Seven orphans: all seven kinds, one of them paired (shape C)");
  return "";
}

/* A won hand: its tiles on the hand page, and its breakdown in words. */
static void
take_win (JihaiScreen *self,
          ParlorLine  *line)
{
  gint64 seat = 0, points = 0, from = -1;
  const char *way = parlor_line_get (line, "way");
  const char *tile = parlor_line_get (line, "tile");
  const char *lines = parlor_line_get (line, "lines");
  const char *melds = parlor_line_get (line, "melds");
  const char *held = parlor_line_get (line, "tiles");
  guint win = tile != NULL && *tile ? jihai_kind_from_letter (tile[0]) : JIHAI_NO_KIND;
  g_autofree char *win_name = kind_name (win);
  GString *text = g_string_new (NULL);
  MahjongTile tiles[MAHJONG_HAND_MAX];
  JihaiMeld jmelds[JIHAI_MAX_MELDS];
  MahjongMeld mmelds[JIHAI_MAX_MELDS];
  guint n = 0, n_melds = 0;
  gboolean skipped = FALSE;

  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  parlor_line_get_int (line, "points", -1000, 1000, &points, NULL);
  parlor_line_get_int (line, "from", 0, 1, &from, NULL);

  g_free (self->hand_title);
  if (seat == PARLOR_SCREEN_SEAT (self))
    self->hand_title = g_strdup (g_strcmp0 (way, "ron") == 0 ? _("You Win by Ron") : _("You Win by Tsumo"));
  else
    /* Translators: "Computer (Normal) Wins by Tsumo" */
    self->hand_title = g_strdup_printf (g_strcmp0 (way, "ron") == 0 ? _("%s Wins by Ron") : _("%s Wins by Tsumo"),
                                        PARLOR_SCREEN_NAME (self, seat));

  g_string_append_printf (text, "<b>%s</b>\n", shape_label (parlor_line_get (line, "shape")));
  {
    /* Translators: "Winning tile: East wind" */
    g_autofree char *s = g_markup_printf_escaped (_("Winning tile: %s"), win_name);

    g_string_append_printf (text, "%s\n\n", s);
  }

  if (lines != NULL && g_strcmp0 (lines, "-") != 0)
    {
      g_auto(GStrv) parts = g_strsplit (lines, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          char *colon = strchr (parts[i], ':');
          JihaiLine id;
          int p;
          g_autofree char *s = NULL;

          if (colon == NULL)
            continue;
          *colon = '\0';
          p = atoi (colon + 1);
          id = jihai_line_from_id (parts[i]);
          /* Translators: a scoring line and its points, "Two dragons   +2" */
          s = g_markup_printf_escaped (_("%s   +%d"),
                                       id < JIHAI_N_LINES ? _(jihai_line_label (id)) : parts[i], p);
          g_string_append_printf (text, "%s\n", s);
        }
    }
  {
    /* Translators: "Total: 5 points" */
    g_autofree char *s = g_markup_printf_escaped (ngettext ("<b>Total: %d point</b>", "<b>Total: %d points</b>",
                                                            (gulong) ABS (points)), (int) points);

    g_string_append_printf (text, "%s\n", s);
  }
  if (seat >= 0 && seat < N_SEATS)
    {
      /* Translators: "Computer (Normal) pays you 5 points" / "You pay Computer 5 points" */
      g_autofree char *s = seat == PARLOR_SCREEN_SEAT (self)
                           ? g_markup_printf_escaped (ngettext ("%s pays you %d point", "%s pays you %d points",
                                                                (gulong) ABS (points)),
                                                      PARLOR_SCREEN_NAME (self, opponent (self)), (int) points)
                           : g_markup_printf_escaped (ngettext ("You pay %s %d point", "You pay %s %d points",
                                                                (gulong) ABS (points)),
                                                      PARLOR_SCREEN_NAME (self, seat), (int) points);

      g_string_append_printf (text, "%s", s);
    }

  g_free (self->hand_text);
  self->hand_text = g_string_free (text, FALSE);

  for (const char *c = held; c != NULL && *c && n < MAHJONG_HAND_MAX - 1; c++)
    {
      guint k = jihai_kind_from_letter (*c);

      if (k == JIHAI_NO_KIND)
        continue;
      if (k == win && !skipped)
        {
          skipped = TRUE;
          continue;
        }
      tiles[n++] = tile_of (k);
    }
  if (melds != NULL && g_strcmp0 (melds, "-") != 0)
    {
      g_auto(GStrv) parts = g_strsplit (melds, ",", -1);

      for (guint i = 0; parts[i] != NULL && n_melds < JIHAI_MAX_MELDS; i++)
        if (jihai_meld_parse (parts[i], &jmelds[n_melds]))
          n_melds++;
    }
  for (guint i = 0; i < n_melds; i++)
    to_mahjong_meld (&jmelds[i], &mmelds[i]);
  mahjong_screen_show_win_hand (MAHJONG_SCREEN (self),
                                seat == PARLOR_SCREEN_SEAT (self) || seat < 0 || seat >= N_SEATS
                                ? NULL : PARLOR_SCREEN_NAME (self, seat),
                                tiles, n, skipped ? tile_of (win) : MAHJONG_NO_TILE, mmelds, n_melds);
}

static void
take_hand_over (JihaiScreen *self,
                ParlorLine  *line)
{
  const char *result = parlor_line_get (line, "result");
  gint64 s0 = 0, s1 = 0;
  g_autofree char *scores = NULL;
  GString *text;

  parlor_line_get_int (line, "score0", -1000, 1000, &s0, NULL);
  parlor_line_get_int (line, "score1", -1000, 1000, &s1, NULL);

  if (g_strcmp0 (result, "draw") == 0)
    {
      g_free (self->hand_title);
      self->hand_title = g_strdup (_("Drawn Hand"));
      g_free (self->hand_text);
      self->hand_text = g_strdup (_("The wall ran out: no points change hands."));
      mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
    }

  /* Translators: the scores after a hand, "You 20 · Computer (Normal) 10" */
  scores = g_markup_printf_escaped (_("Scores: you %d · %s %d"),
                                    PARLOR_SCREEN_SEAT (self) == 1 ? (int) s1 : (int) s0,
                                    PARLOR_SCREEN_NAME (self, opponent (self)),
                                    PARLOR_SCREEN_SEAT (self) == 1 ? (int) s0 : (int) s1);
  text = g_string_new (self->hand_text);
  g_string_append_printf (text, "\n\n%s", scores);
  g_free (self->hand_text);
  self->hand_text = g_string_free (text, FALSE);
  self->hand_pending = TRUE;
  self->hands++;
}

static void
handle_event (JihaiScreen *self,
              const char  *text)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autofree char *words = NULL;
  const char *type;
  gint64 seat = -1;

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return;
  type = parlor_line_get_type (line);

  {
    const char *names[N_SEATS] = { PARLOR_SCREEN_NAME (self, 0), PARLOR_SCREEN_NAME (self, 1) };

    if (PARLOR_SCREEN_SEAT (self) >= 0)
      names[PARLOR_SCREEN_SEAT (self)] = "";
    words = jihai_game_info.describe (text, names);
  }
  if (words != NULL && *words != '\0')
    parlor_log_view_append (self->log, words,
                            g_str_equal (type, "hand") || g_str_equal (type, "win") ||
                            g_str_equal (type, "hand-over") || g_str_equal (type, "match-over"));

  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  mahjong_table_view_announce_event (self->table, line, PARLOR_SCREEN_SEAT (self), words);
  if (g_str_equal (type, "discard"))
    {
      self->last_discarder = seat;
      self->ron_hint = JIHAI_NO_KIND;
      parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), PARLOR_SOUND_TURN_END);
    }
  else if (g_str_equal (type, "ron-barred"))
    {
      const char *tile = parlor_line_get (line, "tile");

      self->ron_hint = tile != NULL ? jihai_kind_from_letter (tile[0]) : JIHAI_NO_KIND;
    }
  else if (g_str_equal (type, "hand") || g_str_equal (type, "call"))
    {
      self->last_discarder = -1;
      self->ron_hint = JIHAI_NO_KIND;
    }
  else if (g_str_equal (type, "win"))
    take_win (self, line);
  else if (g_str_equal (type, "hand-over"))
    {
      take_hand_over (self, line);
      parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), PARLOR_SOUND_ROUND_END);
    }
}

static void
show_hand_page (JihaiScreen *self)
{
  self->hand_pending = FALSE;
  mahjong_screen_show_hand_result (MAHJONG_SCREEN (self), self->hand_title, self->hand_text);
}

static void
jihai_screen_session_event (ParlorGameScreen *screen,
                            const char       *text)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);

  handle_event (self, text);
}

static void
jihai_screen_session_changed (ParlorGameScreen *screen)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);

  refresh (self);
  if (self->hand_pending && !self->finished && !self->view.over)
    show_hand_page (self);
}

static void
jihai_screen_game_over (ParlorGameScreen *screen,
                        const char       *result)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  g_autoptr(ParlorLine) line = parlor_line_parse (result, NULL);
  gint64 s0 = 0, s1 = 0, w = -1, hands = 0;
  int me, them;
  GString *text;
  g_autofree char *ranking = NULL;

  if (line == NULL)
    return;
  parlor_line_get_int (line, "score0", -1000, 1000, &s0, NULL);
  parlor_line_get_int (line, "score1", -1000, 1000, &s1, NULL);
  parlor_line_get_int (line, "winner", 0, 1, &w, NULL);
  parlor_line_get_int (line, "hands", 0, 10000, &hands, NULL);
  self->final_score[0] = s0;
  self->final_score[1] = s1;
  self->winner = w;
  self->finished = TRUE;
  self->hand_pending = FALSE;
  mahjong_screen_end_hand_pause (MAHJONG_SCREEN (self));
  mahjong_claim_bar_clear (self->claim_bar);
  refresh (self);

  me = PARLOR_SCREEN_SEAT (self) >= 0 ? self->final_score[PARLOR_SCREEN_SEAT (self)] : self->final_score[0];
  them = self->final_score[opponent (self)];
  adw_status_page_set_title (self->result_page,
                             self->winner < 0 ? _("Match Over")
                             : self->winner == PARLOR_SCREEN_SEAT (self) ? _("You Win the Match!")
                             : _("You Lose the Match"));
  text = g_string_new (NULL);
  /* Translators: the ranking at the end, "1. Alice — 28 points\n2. Computer (Normal) — 2 points" */
  ranking = me >= them
            ? g_markup_printf_escaped (_("1. %s — %d\n2. %s — %d"), PARLOR_SCREEN_NAME (self, PARLOR_SCREEN_SEAT (self)), me,
                                       PARLOR_SCREEN_NAME (self, opponent (self)), them)
            : g_markup_printf_escaped (_("1. %s — %d\n2. %s — %d"), PARLOR_SCREEN_NAME (self, opponent (self)), them,
                                       PARLOR_SCREEN_NAME (self, PARLOR_SCREEN_SEAT (self)), me);
  g_string_append_printf (text, "<b>%s</b>\n", ranking);
  g_string_append_printf (text, ngettext ("After %d hand", "After %d hands", (gulong) hands), (int) hands);
  if (self->hand_title != NULL)
    {
      g_autofree char *title = g_markup_escape_text (self->hand_title, -1);

      g_string_append_printf (text, "\n\n<b>%s</b>\n%s", title, self->hand_text != NULL ? self->hand_text : "");
    }
  gtk_label_set_markup (self->result_details, text->str);
  g_string_free (text, TRUE);

  parlor_game_screen_show_result_page (PARLOR_GAME_SCREEN (self));
}

static void
jihai_screen_seats_changed (ParlorGameScreen *screen)
{
  PARLOR_GAME_SCREEN_CLASS (jihai_screen_parent_class)->seats_changed (screen);
  update_status (JIHAI_SCREEN (screen));
}

static char *
jihai_screen_discard_action (MahjongScreen *screen,
                             guint          tile)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  guint kind = kind_of (tile);

  if (self->view.ask != JIHAI_ASK_TURN || kind == JIHAI_NO_KIND)
    return NULL;
  return g_strdup_printf ("discard %c", jihai_kind_letter (kind));
}

static void
jihai_screen_reset (ParlorGameScreen *screen)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);

  PARLOR_GAME_SCREEN_CLASS (jihai_screen_parent_class)->reset (screen);
  self->has_view = FALSE;
  self->finished = FALSE;
  self->hand_pending = FALSE;
  self->winner = -1;
  self->last_discarder = -1;
  self->ron_hint = JIHAI_NO_KIND;
  self->hands = 0;
  g_clear_pointer (&self->hand_title, g_free);
  g_clear_pointer (&self->hand_text, g_free);
}

static void
begin_play (ParlorGameScreen *screen)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);

  gtk_stack_set_visible_child_name (self->stack, "play");
  refresh (self);
  mahjong_screen_focus_hand (MAHJONG_SCREEN (self));
}

static char *
jihai_screen_local_config (ParlorGameScreen *screen)
{
  /* You sit at seat 0 and start the first hand. */
  return g_strdup ("first=0");
}

static guint
jihai_screen_seat_players (ParlorGameScreen *screen,
                           ParlorTable      *table,
                           const char       *name)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  const char *level = jihai_setup_get_level (self->setup);
  /* Translators: "Computer (Medium)" */
  g_autofree char *computer = g_strdup_printf (_("Computer (%s)"),
                                               parlor_setup_get_strength_label (PARLOR_SETUP (self->setup)));
  guint player = parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, name, NULL);

  parlor_table_add_player_at (table, 1, PARLOR_SEAT_AI, computer, level);
  return player;
}

static void
discard_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  JihaiScreen *self = JIHAI_SCREEN (widget);
  const char *letter = g_variant_get_string (param, NULL);
  char action[16];

  if (!can_move (self) || self->view.ask != JIHAI_ASK_TURN ||
      jihai_kind_from_letter (letter[0]) == JIHAI_NO_KIND)
    return;
  g_snprintf (action, sizeof action, "discard %c", letter[0]);
  mahjong_screen_submit (MAHJONG_SCREEN (self), action);
}

static void
call_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  JihaiScreen *self = JIHAI_SCREEN (widget);
  const char *action = g_variant_get_string (param, NULL);

  /* Only what the bar offers (Pass included). */
  for (guint i = 0; i < mahjong_claim_bar_get_n_claims (self->claim_bar); i++)
    if (g_strcmp0 (mahjong_claim_bar_get_action (self->claim_bar, i), action) == 0)
      {
        mahjong_screen_submit (MAHJONG_SCREEN (self), action);
        return;
      }
}

static void
jihai_screen_finalize (GObject *object)
{
  JihaiScreen *self = JIHAI_SCREEN (object);

  g_free (self->hand_title);
  g_free (self->hand_text);

  G_OBJECT_CLASS (jihai_screen_parent_class)->finalize (object);
}

static void
jihai_screen_class_init (JihaiScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);

  object_class->finalize = jihai_screen_finalize;
  screen_class->host_config = jihai_screen_host_config;
  screen_class->session_event = jihai_screen_session_event;
  screen_class->session_changed = jihai_screen_session_changed;
  screen_class->seats_changed = jihai_screen_seats_changed;
  MAHJONG_SCREEN_CLASS (klass)->discard_action = jihai_screen_discard_action;
  MAHJONG_SCREEN_CLASS (klass)->read_view = jihai_screen_read_view;
  screen_class->game_over = jihai_screen_game_over;
  screen_class->begin_play = begin_play;
  screen_class->game_info = &jihai_game_info;
  screen_class->local_config = jihai_screen_local_config;
  screen_class->seat_players = jihai_screen_seat_players;
  screen_class->reset = jihai_screen_reset;

  g_type_ensure (MAHJONG_TYPE_TABLE_VIEW);
  g_type_ensure (MAHJONG_TYPE_HAND_VIEW);
  g_type_ensure (JIHAI_TYPE_SETUP);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/jihai/jihai-screen.ui");
  gtk_widget_class_bind_template_child (widget_class, JihaiScreen, setup);
  gtk_widget_class_bind_template_child (widget_class, JihaiScreen, table);

  parlor_game_screen_class_install_game_actions (widget_class, "jihai");
  gtk_widget_class_install_action (widget_class, "jihai.discard", "s", discard_action);
  gtk_widget_class_install_action (widget_class, "jihai.call", "s", call_action);
  mahjong_screen_class_install_next_hand (widget_class, "jihai.next-hand");

  gtk_widget_class_set_css_name (widget_class, "jihai-screen");
}

static void
jihai_screen_init (JihaiScreen *self)
{
  GtkWidget *center = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  self->winner = -1;
  self->last_discarder = -1;
  self->ron_hint = JIHAI_NO_KIND;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->stack = parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (self));
  self->log = parlor_game_screen_get_log_view (PARLOR_GAME_SCREEN (self));
  self->result_page = parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (self));
  self->result_details = parlor_game_screen_get_result_details (PARLOR_GAME_SCREEN (self));

  self->turn_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "title-4");
  gtk_label_set_wrap (self->turn_label, TRUE);
  gtk_label_set_justify (self->turn_label, GTK_JUSTIFY_CENTER);
  self->wall_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->wall_label), "dim-label");
  self->clock_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->clock_label), "numeric");
  self->hint_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->hint_label, TRUE);
  gtk_label_set_justify (self->hint_label, GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (self->hint_label, 40);
  gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
  self->claim_bar = MAHJONG_CLAIM_BAR (mahjong_claim_bar_new ());
  gtk_widget_set_halign (GTK_WIDGET (self->claim_bar), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (center, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->wall_label));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->turn_label));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->clock_label));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->claim_bar));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->hint_label));
  mahjong_table_view_set_center (self->table, center);

  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), self->clock_label);
  mahjong_screen_add_hand_page (MAHJONG_SCREEN (self), self->stack, N_SEATS, "jihai.next-hand");

  mahjong_screen_set_table (MAHJONG_SCREEN (self), self->table);
  mahjong_screen_set_claim_bar (MAHJONG_SCREEN (self), self->claim_bar);
}

static char *
jihai_screen_host_config (ParlorGameScreen  *screen,
                          char             **summary)
{
  if (summary != NULL)
    *summary = g_strdup (_("Who starts the first hand is drawn at random."));
  return g_strdup ("first=random");
}

char *
jihai_screen_dup_view (JihaiScreen *self)
{
  g_return_val_if_fail (JIHAI_IS_SCREEN (self), NULL);
  if (PARLOR_SCREEN_SEAT (self) < 0 || PARLOR_SCREEN_SESSION (self) == NULL)
    return NULL;
  return parlor_session_dup_view (PARLOR_SCREEN_SESSION (self));
}

gboolean
jihai_screen_is_waiting (JihaiScreen *self)
{
  g_return_val_if_fail (JIHAI_IS_SCREEN (self), FALSE);
  return can_move (self) && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "play") == 0;
}

GtkWidget *
jihai_screen_get_claim_bar (JihaiScreen *self)
{
  g_return_val_if_fail (JIHAI_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->claim_bar);
}

GtkWidget *
jihai_screen_get_my_hand (JihaiScreen *self)
{
  g_return_val_if_fail (JIHAI_IS_SCREEN (self), NULL);
  return GTK_WIDGET (mahjong_table_view_get_hand (self->table, 0));
}

GtkWidget *
jihai_screen_get_win_hand (JihaiScreen *self)
{
  g_return_val_if_fail (JIHAI_IS_SCREEN (self), NULL);
  return GTK_WIDGET (mahjong_screen_get_win_hand (MAHJONG_SCREEN (self)));
}

const char *
jihai_screen_get_hand_text (JihaiScreen *self)
{
  g_return_val_if_fail (JIHAI_IS_SCREEN (self), NULL);
  return mahjong_screen_get_hand_details (MAHJONG_SCREEN (self));
}

const char *
jihai_screen_get_result_text (JihaiScreen *self)
{
  g_return_val_if_fail (JIHAI_IS_SCREEN (self), NULL);
  return gtk_label_get_text (self->result_details);
}

