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

struct _JihaiScreen
{
  MahjongScreen     parent_instance;

  JihaiSetup       *setup;
  MahjongTableView *table;

  /* The table's centre. */
  GtkLabel         *wall_label;
  GtkLabel         *clock_label;
  MahjongClaimBar  *claim_bar;

  JihaiView         view;
  int               last_discarder;   /* -1 none */
  MahjongTile       ron_hint;         /* a tile I may not ron on, or MAHJONG_NO_TILE */
};

G_DEFINE_FINAL_TYPE (JihaiScreen, jihai_screen, MAHJONG_TYPE_SCREEN)

static char    *jihai_screen_host_config    (ParlorGameScreen  *screen,
                                             char             **summary);

static int
opponent (JihaiScreen *self)
{
  return PARLOR_SCREEN_SEAT (self) >= 0 ? 1 - PARLOR_SCREEN_SEAT (self) : 1;
}

/* Tiles held besides melds (a kong counts three): 8 means a tile to discard. */
static guint
hand_size (JihaiScreen *self,
           int          seat)
{
  return self->view.n_concealed[seat] + 3 * self->view.n_melds[seat];
}

static char *
ron_hint_text (MahjongTile tile)
{
  g_autofree char *name = mahjong_tile_name (tile);

  /* Translators: %s is a tile, "East wind" */
  return g_strdup_printf (_("%s would complete your hand, but you discarded one earlier in this "
                            "hand: no ron on it."), name);
}

static char *
jihai_screen_claim_label (MahjongScreen           *screen,
                          const char              *action,
                          const MahjongTableState *state)
{
  MahjongTile tile = strlen (action) > 6 ? jihai_tile_from_letter (action[6]) : MAHJONG_NO_TILE;
  g_autofree char *name = NULL;

  if (g_str_equal (action, "tsumo"))
    return g_strdup (_("_Tsumo"));
  if (g_str_equal (action, "ron"))
    return g_strdup (_("_Ron"));
  if (g_str_equal (action, "kong"))
    return g_strdup (_("_Kong"));
  if (g_str_equal (action, "pung"))
    return g_strdup (_("_Pung"));
  if (g_str_equal (action, "pass"))
    return g_strdup (_("Pa_ss"));
  if ((!g_str_has_prefix (action, "ckong ") && !g_str_has_prefix (action, "akong ")) || tile == MAHJONG_NO_TILE)
    return NULL;
  name = mahjong_tile_name (tile);
  /* Translators: a button declaring a kong, "_Kong of East wind" */
  return g_strdup_printf (_("_Kong of %s"), name);
}

static char *
jihai_screen_hint_text (MahjongScreen           *screen,
                        const MahjongTableState *state)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);

  if (self->ron_hint == MAHJONG_NO_TILE || mahjong_screen_is_finished (screen))
    return NULL;
  return ron_hint_text (self->ron_hint);
}

static void
jihai_screen_draw_status (MahjongScreen           *screen,
                          const MahjongTableState *state)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  g_autofree char *wall = NULL;

  if (state != NULL)
    /* Translators: the tiles left to draw */
    wall = g_strdup_printf (ngettext ("Hand %u · %u tile in the wall", "Hand %u · %u tiles in the wall",
                                      state->wall),
                            self->view.hand_no, state->wall);
  gtk_label_set_text (self->wall_label, wall != NULL ? wall : "");
}

static char *
jihai_screen_status_text (MahjongScreen           *screen,
                          const MahjongTableState *state)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  g_autofree char *name = NULL;

  if (state->over)
    return g_strdup (_("Match over"));
  if (state->asked && !state->window)
    return g_strdup (_("Your turn: choose a tile to discard"));
  if (state->asked)
    {
      name = mahjong_tile_name (state->claim_tile);
      /* Translators: %s is a tile */
      return self->view.ask == JIHAI_ASK_ROB ? g_strdup_printf (_("Rob the kong of %s?"), name)
                                              : g_strdup_printf (_("Call the %s?"), name);
    }
  if (state->turn >= 0)
    /* Translators: "Computer (Normal) is playing…" */
    return g_strdup_printf (_("%s is playing…"), PARLOR_SCREEN_NAME (self, opponent (self)));
  return NULL;
}

/* The legal actions, in the order of the claim bar. */
static void
read_actions (const JihaiOptions *o,
              MahjongTableState  *state)
{
  static const struct { guint can; const char *action; } calls[] = {
    { JIHAI_CAN_TSUMO, "tsumo" }, { JIHAI_CAN_RON, "ron" }, { JIHAI_CAN_KONG, "kong" }, { JIHAI_CAN_PUNG, "pung" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    if (o->can & calls[i].can)
      mahjong_table_state_add_action (state, calls[i].action);
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if ((o->ckong | o->akong) & (1u << k))
      {
        char action[16];

        g_snprintf (action, sizeof action, "%s %c", (o->ckong & (1u << k)) ? "ckong" : "akong",
                    jihai_tile_letter (jihai_slot_tile (k)));
        mahjong_table_state_add_action (state, action);
      }
  if (o->can & JIHAI_CAN_PASS)
    mahjong_table_state_add_action (state, "pass");
}

static gboolean
jihai_screen_read_view (MahjongScreen     *screen,
                        const char        *view_line,
                        MahjongTableState *state,
                        GError           **error)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  const JihaiView *v = &self->view;
  MahjongSeatState *theirs;
  MahjongTile held[MAHJONG_HAND_MAX];
  guint n = 0;
  int other;

  if (!jihai_view_parse (view_line, &self->view, error))
    return FALSE;
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
        seat->melds[i] = v->melds[s][i];
      seat->n_river = v->n_discards[s];
      for (guint j = 0; j < v->n_discards[s]; j++)
        seat->river[j] = v->discards[s][j];
      seat->last_discard = self->last_discarder == (int) s && v->n_discards[s] > 0;
    }

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    for (guint c = 0; c < v->counts[k] && n < MAHJONG_HAND_MAX; c++)
      held[n++] = jihai_slot_tile (k);
  mahjong_seat_state_hold (&state->seats[PARLOR_SCREEN_SEAT (self)], held, n,
                           jihai_tile_is_valid (v->drawn) && v->counts[jihai_slot (v->drawn)] > 0 ? v->drawn : MAHJONG_NO_TILE);
  state->asked = v->turn == PARLOR_SCREEN_SEAT (self) && v->ask != JIHAI_ASK_NONE;
  state->window = v->ask == JIHAI_ASK_CLAIM || v->ask == JIHAI_ASK_ROB;
  state->claim_tile = v->claim;
  state->discarding = v->ask == JIHAI_ASK_TURN && (v->options.can & JIHAI_CAN_DISCARD);
  read_actions (&v->options, state);

  theirs = &state->seats[other];
  theirs->has_drawn = hand_size (self, other) > 7;
  theirs->n_tiles = theirs->has_drawn ? v->n_concealed[other] - 1 : v->n_concealed[other];
  return TRUE;
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
  gint64 seat = 0, points = 0;
  const char *way = parlor_line_get (line, "way");
  const char *tile = parlor_line_get (line, "tile");
  const char *lines = parlor_line_get (line, "lines");
  const char *melds = parlor_line_get (line, "melds");
  const char *held = parlor_line_get (line, "tiles");
  g_auto(GStrv) parts = g_strsplit (lines != NULL && g_strcmp0 (lines, "-") != 0 ? lines : "", ",", -1);
  MahjongScoreItem items[JIHAI_N_LINES];
  MahjongWin win = { .items = items };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *markup = NULL;
  MahjongTile tiles[MAHJONG_HAND_MAX];
  MahjongMeld mmelds[JIHAI_MAX_MELDS];
  guint n = 0, n_melds = 0;

  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  parlor_line_get_int (line, "points", -1000, 1000, &points, NULL);

  title = mahjong_screen_win_title (MAHJONG_SCREEN (self), seat, g_strcmp0 (way, "ron") == 0);
  win.seat = seat;
  win.from = g_strcmp0 (way, "ron") == 0 ? 1 - seat : -1;
  win.tile = tile != NULL && *tile ? jihai_tile_from_letter (tile[0]) : MAHJONG_NO_TILE;
  win.shape = shape_label (parlor_line_get (line, "shape"));
  win.total = (int) points;
  for (guint i = 0; parts[i] != NULL && win.n_items < G_N_ELEMENTS (items); i++)
    {
      char *colon = strchr (parts[i], ':');
      JihaiLine id;

      if (colon == NULL)
        continue;
      *colon = '\0';
      id = jihai_line_from_id (parts[i]);
      items[win.n_items++] = (MahjongScoreItem) { id < JIHAI_N_LINES ? _(jihai_line_label (id)) : parts[i], 1,
                                                  (int) CLAMP (g_ascii_strtoll (colon + 1, NULL, 10), -1000, 1000) };
    }
  markup = mahjong_screen_win_markup (MAHJONG_SCREEN (self), &win);
  g_string_append (text, markup);
  g_string_append_c (text, '\n');
  {
    g_autofree char *pay = mahjong_screen_payment_text (MAHJONG_SCREEN (self), 1 - seat, seat, (int) points);
    g_autofree char *s = g_markup_escape_text (pay, -1);

    g_string_append (text, s);
  }

  mahjong_screen_end_hand (MAHJONG_SCREEN (self), title, text->str);

  for (const char *c = held; c != NULL && *c && n < MAHJONG_HAND_MAX - 1; c++)
    {
      MahjongTile t = jihai_tile_from_letter (*c);

      if (t != MAHJONG_NO_TILE)
        tiles[n++] = t;
    }
  if (melds != NULL && g_strcmp0 (melds, "-") != 0)
    {
      g_auto(GStrv) meld_parts = g_strsplit (melds, ",", -1);

      for (guint i = 0; meld_parts[i] != NULL && n_melds < JIHAI_MAX_MELDS; i++)
        if (jihai_meld_parse (meld_parts[i], &mmelds[n_melds]))
          n_melds++;
    }
  mahjong_screen_show_winning_hand (MAHJONG_SCREEN (self), seat, tiles, n, win.tile, mmelds, n_melds);
}

static void
take_hand_over (JihaiScreen *self,
                ParlorLine  *line)
{
  const char *result = parlor_line_get (line, "result");
  gint64 s0 = 0, s1 = 0;
  g_autofree char *scores = NULL;
  g_autofree char *words = NULL;

  parlor_line_get_int (line, "score0", -1000, 1000, &s0, NULL);
  parlor_line_get_int (line, "score1", -1000, 1000, &s1, NULL);

  if (g_strcmp0 (result, "draw") == 0)
    {
      g_autofree char *drawn = g_markup_escape_text (_("The wall ran out: no points change hands."), -1);

      mahjong_screen_end_hand (MAHJONG_SCREEN (self), _("Drawn Hand"), drawn);
      mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
    }

  /* Translators: the scores after a hand, "You 20 · Computer (Normal) 10" */
  scores = g_markup_printf_escaped (_("Scores: you %d · %s %d"),
                                    PARLOR_SCREEN_SEAT (self) == 1 ? (int) s1 : (int) s0,
                                    PARLOR_SCREEN_NAME (self, opponent (self)),
                                    PARLOR_SCREEN_SEAT (self) == 1 ? (int) s0 : (int) s1);
  words = g_strconcat ("\n\n", scores, NULL);
  mahjong_screen_add_hand_words (MAHJONG_SCREEN (self), words);
}

static void
jihai_screen_take_event (MahjongScreen *screen,
                         ParlorLine    *line,
                         const char    *type)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);
  gint64 seat = -1;

  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  if (g_str_equal (type, "discard"))
    {
      self->last_discarder = seat;
      self->ron_hint = MAHJONG_NO_TILE;
    }
  else if (g_str_equal (type, "ron-barred"))
    {
      const char *tile = parlor_line_get (line, "tile");

      self->ron_hint = tile != NULL ? jihai_tile_from_letter (tile[0]) : MAHJONG_NO_TILE;
    }
  else if (g_str_equal (type, "hand") || g_str_equal (type, "call"))
    {
      self->last_discarder = -1;
      self->ron_hint = MAHJONG_NO_TILE;
    }
  else if (g_str_equal (type, "win"))
    take_win (self, line);
  else if (g_str_equal (type, "hand-over"))
    take_hand_over (self, line);
}

static char *
jihai_screen_discard_action (MahjongScreen *screen,
                             guint          tile)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);

  if (self->view.ask != JIHAI_ASK_TURN || !jihai_tile_is_valid (tile))
    return NULL;
  return g_strdup_printf ("discard %c", jihai_tile_letter (tile));
}

static void
jihai_screen_reset (ParlorGameScreen *screen)
{
  JihaiScreen *self = JIHAI_SCREEN (screen);

  PARLOR_GAME_SCREEN_CLASS (jihai_screen_parent_class)->reset (screen);
  self->last_discarder = -1;
  self->ron_hint = MAHJONG_NO_TILE;
}

static char *
jihai_screen_local_config (ParlorGameScreen *screen)
{
  /* You sit at seat 0 and start the first hand. */
  return g_strdup ("first=0");
}

static void
discard_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  JihaiScreen *self = JIHAI_SCREEN (widget);
  const char *letter = g_variant_get_string (param, NULL);
  char action[16];

  if (!mahjong_screen_is_asked (MAHJONG_SCREEN (self), TRUE) ||
      jihai_tile_from_letter (letter[0]) == MAHJONG_NO_TILE)
    return;
  g_snprintf (action, sizeof action, "discard %c", letter[0]);
  mahjong_screen_submit (MAHJONG_SCREEN (self), action);
}

static void
jihai_screen_class_init (JihaiScreenClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);
  MahjongScreenClass *mahjong_class = MAHJONG_SCREEN_CLASS (klass);
  static const char * const headline_events[] = { "hand", "win", "hand-over", "match-over", NULL };
  static const char * const hand_end_events[] = { "hand-over", NULL };

  mahjong_screen_class_set_game (widget_class, &jihai_game_info, "call");
  screen_class->host_config = jihai_screen_host_config;
  mahjong_class->discard_action = jihai_screen_discard_action;
  mahjong_class->read_view = jihai_screen_read_view;
  mahjong_class->claim_label = jihai_screen_claim_label;
  mahjong_class->status_text = jihai_screen_status_text;
  mahjong_class->hint_text = jihai_screen_hint_text;
  mahjong_class->draw_status = jihai_screen_draw_status;
  mahjong_class->take_event = jihai_screen_take_event;
  screen_class->headline_events = headline_events;
  screen_class->round_events = hand_end_events;
  screen_class->local_config = jihai_screen_local_config;
  screen_class->reset = jihai_screen_reset;

  g_type_ensure (JIHAI_TYPE_SETUP);
  gtk_widget_class_bind_template_child (widget_class, JihaiScreen, setup);
  gtk_widget_class_bind_template_child (widget_class, JihaiScreen, table);

  gtk_widget_class_install_action (widget_class, "jihai.discard", "s", discard_action);
}

static void
jihai_screen_init (JihaiScreen *self)
{
  GtkWidget *center = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkLabel *turn_label, *hint_label;

  self->last_discarder = -1;
  self->ron_hint = MAHJONG_NO_TILE;

  gtk_widget_init_template (GTK_WIDGET (self));

  turn_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (turn_label), "title-4");
  gtk_label_set_wrap (turn_label, TRUE);
  gtk_label_set_justify (turn_label, GTK_JUSTIFY_CENTER);
  self->wall_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->wall_label), "dim-label");
  self->clock_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->clock_label), "numeric");
  hint_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (hint_label, TRUE);
  gtk_label_set_justify (hint_label, GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (hint_label, 40);
  gtk_widget_add_css_class (GTK_WIDGET (hint_label), "warning");
  gtk_widget_set_visible (GTK_WIDGET (hint_label), FALSE);
  self->claim_bar = MAHJONG_CLAIM_BAR (mahjong_claim_bar_new ());
  gtk_widget_set_halign (GTK_WIDGET (self->claim_bar), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (center, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->wall_label));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (turn_label));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->clock_label));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (self->claim_bar));
  gtk_box_append (GTK_BOX (center), GTK_WIDGET (hint_label));
  mahjong_table_view_set_center (self->table, center);

  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), self->clock_label);
  mahjong_screen_add_hand_page (MAHJONG_SCREEN (self), N_SEATS);

  mahjong_screen_set_table (MAHJONG_SCREEN (self), self->table);
  mahjong_screen_set_claim_bar (MAHJONG_SCREEN (self), self->claim_bar);
  mahjong_screen_set_status_labels (MAHJONG_SCREEN (self), turn_label, hint_label);
}

static char *
jihai_screen_host_config (ParlorGameScreen  *screen,
                          char             **summary)
{
  if (summary != NULL)
    *summary = g_strdup (_("Who starts the first hand is drawn at random."));
  return g_strdup ("first=random");
}

