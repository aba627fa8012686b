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

struct _McrScreen
{
  MahjongScreen     parent_instance;

  McrSetup         *setup;
  GtkLabel         *turn_label;
  GtkLabel         *info_label;
  GtkLabel         *clock_label;
  MahjongTableView *table;
  MahjongClaimBar  *claim_bar;

  McrView           view;
  guint8            flowers[N_SEATS][N_FLOWERS];
  guint8            n_flowers[N_SEATS];
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

static char *
mcr_screen_claim_label (MahjongScreen           *screen,
                        const char              *action,
                        const MahjongTableState *state)
{
  const char *tile_text = strstr (action, " tile=");
  guint tile = tile_text != NULL ? mahjong_tile_from_string (tile_text + strlen (" tile="))
                                 : MAHJONG_NO_TILE;
  g_autofree char *name = NULL;

  if (g_str_equal (action, "hu"))
    return g_strdup (!state->window ? _("_Hu (self-drawn)") : _("_Hu"));
  if (g_str_equal (action, "kong"))
    return g_strdup (_("_Kong"));
  if (g_str_equal (action, "pung"))
    return g_strdup (_("_Pung"));
  if (tile >= MAHJONG_N_KINDS)
    return NULL;
  if (g_str_has_prefix (action, "chow "))
    {
      g_autofree char *run = mahjong_run_name (tile);
      const char *digit = run;

      /* Each chow has its own key, the run's first number: Alt+3 for 3, 4, 5. */
      while (*digit != '\0' && !g_ascii_isdigit (*digit))
        digit++;
      if (*digit != '\0')
        name = g_strdup_printf ("%.*s_%s", (int) (digit - run), run, digit);
      else
        name = g_strdup_printf ("%s (_%u)", run, mahjong_tile_rank (tile));
      /* Translators: a chow choice, "Chow 3, 4, 5 of characters"; the run's
       * first number is its key (Alt+3), so keep %s whole */
      return g_strdup_printf (_("Chow %s"), name);
    }
  if (!g_str_has_prefix (action, "kong "))
    return NULL;
  name = mahjong_tile_name (tile);
  /* Translators: declaring a kong, "Kong of 5 of dots" */
  return g_strdup_printf (_("_Kong of %s"), name);
}

static void
mcr_screen_draw_status (MahjongScreen           *screen,
                        const MahjongTableState *state)
{
  McrScreen *self = MCR_SCREEN (screen);
  const McrView *v = &self->view;
  g_autofree char *info = NULL;

  if (state != NULL)
    /* Translators: "Hand 3 of 16 · Prevalent wind: East · Wall: 64 tiles" */
    info = g_strdup_printf (_("Hand %u of %u · Prevalent wind: %s · Wall: %u tiles"),
                            v->hand_no, v->n_hands, wind_name (v->prevalent), state->wall);
  gtk_label_set_text (self->info_label, info != NULL ? info : "");
}

/* Whether the claim window offers the player more than a pass. */
static gboolean
has_call (const MahjongTableState *state)
{
  for (guint i = 0; i < state->n_actions; i++)
    if (!g_str_equal (state->actions[i], "pass"))
      return TRUE;
  return FALSE;
}

static char *
mcr_screen_status_text (MahjongScreen           *screen,
                        const MahjongTableState *state)
{
  g_autofree char *name = NULL;

  if (mahjong_screen_is_finished (screen))
    return g_strdup (_("The match is over"));
  if (state->asked && !state->window)
    return g_strdup (_("Your turn: choose a tile to discard"));
  /* Asked with nothing to call but a pass, the player is told of no call. */
  if (state->asked && !has_call (state))
    return g_strdup (_("Waiting for calls"));
  if (state->asked)
    {
      name = mahjong_tile_name (state->claim_tile);
      /* Translators: "Your call on 5 of dots from Bob" */
      return g_strdup_printf (_("Your call on %s from %s"), name, mahjong_screen_seat_name (screen, state->claim_from));
    }
  if (state->turn >= 0)
    /* Translators: "Bob’s turn" */
    return g_strdup_printf (_("%s’s turn"), mahjong_screen_seat_name (screen, state->turn));
  if (state->claim_from >= 0)
    return g_strdup (_("Waiting for calls"));
  return NULL;
}

static gboolean
mcr_screen_read_view (MahjongScreen     *screen,
                      const char        *view_line,
                      MahjongTableState *state,
                      GError           **error)
{
  McrScreen *self = MCR_SCREEN (screen);
  const McrView *v = &self->view;
  MahjongTile held[MAHJONG_HAND_MAX];
  guint n = 0;

  if (!mcr_view_parse (view_line, &self->view, error))
    return FALSE;

  state->n_seats = N_SEATS;
  state->turn = v->phase == 't' ? (int) v->turn : -1;
  state->wall = v->wall;
  state->window = v->phase == 'c' || v->phase == 'r';
  state->asked = v->asked && (v->phase == 't' || state->window);
  if (state->window)
    {
      state->claim_tile = v->tile;
      state->claim_from = (int) v->from;
    }
  for (guint i = 0; i < v->n_actions; i++)
    if (!g_str_has_prefix (v->actions[i], "discard"))
      mahjong_table_state_add_action (state, v->actions[i]);
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

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    for (guint k = 0; k < v->counts[t] && n < MAHJONG_HAND_MAX; k++)
      held[n++] = (MahjongTile) t;
  mahjong_seat_state_hold (&state->seats[PARLOR_SCREEN_SEAT (self)], held, n, v->drawn);
  state->discarding = v->phase == 't';
  return TRUE;
}

static void
take_result (McrScreen  *self,
             const char *heading,
             const char *body)
{
  g_autofree char *markup = g_markup_escape_text (body, -1);

  mahjong_screen_end_hand (MAHJONG_SCREEN (self), heading, markup);
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

  if (text == NULL || !mahjong_hand_parse (text, &won, NULL))
    {
      mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
      return;
    }
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    for (guint k = 0; k < won.counts[t] && n < MAHJONG_HAND_MAX; k++)
      tiles[n++] = (MahjongTile) t;
  mahjong_screen_show_winning_hand (MAHJONG_SCREEN (self), seat, tiles, n, won.last_tile, won.melds, won.n_melds);
}

static void
show_win (McrScreen        *self,
          const ParlorLine *line)
{
  g_autoptr(GString) paid = g_string_new (NULL);
  g_autofree char *heading = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *told = NULL;
  g_autofree char *markup_all = NULL;
  g_auto(GStrv) fans = NULL;
  g_auto(GStrv) pay = NULL;
  MahjongScoreItem items[MCR_N_FANS];
  MahjongWin win = { .items = items };
  gint64 seat = 0, from = 0, fan = 0;
  const char *code_text = parlor_line_get (line, "tile");
  guint code = code_text != NULL ? mahjong_tile_from_string (code_text) : MAHJONG_NO_TILE;
  const char *s;

  parlor_line_get_int (line, "seat", 0, N_SEATS - 1, &seat, NULL);
  parlor_line_get_int (line, "fan", 0, 10000, &fan, NULL);
  parlor_line_get_int (line, "from", 0, N_SEATS - 1, &from, NULL);
  if ((int) seat == PARLOR_SCREEN_SEAT (self))
    heading = g_strdup (parlor_line_has (line, "self") ? _("You Win by Self-Draw") : _("You Win on a Discard"));
  else
    /* Translators: the hand page's title, "Bob Wins by Self-Draw" */
    heading = g_strdup_printf (parlor_line_has (line, "self") ? _("%s Wins by Self-Draw") : _("%s Wins on a Discard"),
                               mahjong_screen_seat_name (MAHJONG_SCREEN (self), seat));
  show_winning_hand (self, (int) seat, parlor_line_get (line, "hand"));
  fans = g_strsplit (parlor_line_get (line, "fans") != NULL ? parlor_line_get (line, "fans") : "", ";", -1);
  for (guint i = 0; fans[i] != NULL && win.n_items < G_N_ELEMENTS (items); i++)
    {
      char *x = strrchr (fans[i], 'x');
      guint count = 1;
      McrFan f;

      if (fans[i][0] == '\0')
        continue;
      if (x != NULL && x > fans[i] && x[-1] == ' ')
        {
          count = (guint) CLAMP (g_ascii_strtoull (x + 1, NULL, 10), 1, 99);
          x[-1] = '\0';
        }
      f = mcr_fan_from_name (fans[i]);
      items[win.n_items++] = (MahjongScoreItem) { f < MCR_N_FANS ? _(mcr_fan_name (f)) : fans[i], count,
                                                  f < MCR_N_FANS ? mcr_fan_points (f) * (int) count : -1 };
    }
  win.seat = seat;
  win.from = parlor_line_has (line, "self") ? -1 : from;
  win.tile = code;
  win.fan = TRUE;
  win.total = (int) fan;
  markup = mahjong_screen_win_markup (MAHJONG_SCREEN (self), &win);
  g_string_append (paid, _("Payments:"));
  pay = g_strsplit (parlor_line_get (line, "pay") != NULL ? parlor_line_get (line, "pay") : "", ",", -1);
  for (guint i = 0; pay[i] != NULL && i < N_SEATS; i++)
    /* Translators: a payment, "Bob: -32" */
    g_string_append_printf (paid, _("\n%s: %+d"), mahjong_screen_seat_name (MAHJONG_SCREEN (self), i),
                            (int) g_ascii_strtoll (pay[i], NULL, 10));
  if ((s = parlor_line_get (line, "scores")) != NULL)
    {
      g_auto(GStrv) scores = g_strsplit (s, ",", -1);

      /* Translators: the heading of the scores after the hand, each seat's on a line below */
      g_string_append_printf (paid, "\n\n%s", _("Scores:"));
      for (guint i = 0; scores[i] != NULL && i < N_SEATS; i++)
        /* Translators: one seat's score after the hand, "Bob: 35" */
        g_string_append_printf (paid, _("\n%s: %d"), mahjong_screen_seat_name (MAHJONG_SCREEN (self), i),
                                (int) g_ascii_strtoll (scores[i], NULL, 10));
    }

  told = g_markup_escape_text (paid->str, -1);
  markup_all = g_strconcat (markup, "\n\n", told, NULL);
  mahjong_screen_end_hand (MAHJONG_SCREEN (self), heading, markup_all);
}

static void
mcr_screen_take_event (MahjongScreen *screen,
                       ParlorLine    *line,
                       const char    *type)
{
  McrScreen *self = MCR_SCREEN (screen);

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
  else if (g_str_equal (type, "hu"))
    show_win (self, line);
  else if (g_str_equal (type, "exhausted"))
    {
      mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
      take_result (self, _("Drawn Hand"), _("The wall is exhausted: a drawn hand, nobody pays."));
    }
}

static char *
mcr_screen_discard_action (MahjongScreen *screen,
                           guint          tile)
{
  McrScreen *self = MCR_SCREEN (screen);
  g_autofree char *action = NULL;
  char buf[4];

  if (!mahjong_screen_is_asked (screen, TRUE) || tile >= MAHJONG_N_KINDS)
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

static void
mcr_screen_class_init (McrScreenClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);
  MahjongScreenClass *mahjong_class = MAHJONG_SCREEN_CLASS (klass);
  static const char * const headline_events[] = { "hand", "hu", "exhausted", "start", NULL };
  static const char * const quiet_events[] = { "answered", NULL };
  static const char * const hand_end_events[] = { "hu", NULL };

  mahjong_screen_class_set_game (widget_class, &mcr_game_info, NULL);
  screen_class->host_config = mcr_screen_host_config;
  mahjong_class->discard_action = mcr_screen_discard_action;
  mahjong_class->read_view = mcr_screen_read_view;
  mahjong_class->claim_label = mcr_screen_claim_label;
  mahjong_class->status_text = mcr_screen_status_text;
  mahjong_class->draw_status = mcr_screen_draw_status;
  mahjong_class->take_event = mcr_screen_take_event;
  screen_class->headline_events = headline_events;
  screen_class->quiet_events = quiet_events;
  screen_class->round_events = hand_end_events;
  screen_class->local_config = mcr_screen_local_config;
  screen_class->reset = mcr_screen_reset;

  g_type_ensure (MCR_TYPE_SETUP);
  gtk_widget_class_bind_template_child (widget_class, McrScreen, setup);
  gtk_widget_class_bind_template_child (widget_class, McrScreen, turn_label);
  gtk_widget_class_bind_template_child (widget_class, McrScreen, clock_label);
  gtk_widget_class_bind_template_child (widget_class, McrScreen, table);
}

static void
mcr_screen_init (McrScreen *self)
{
  GtkWidget *center = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_widget_init_template (GTK_WIDGET (self));

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
  mahjong_screen_set_status_labels (MAHJONG_SCREEN (self), self->turn_label, NULL);
  mahjong_screen_add_hand_page (MAHJONG_SCREEN (self), N_SEATS);
  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), self->clock_label);
}
