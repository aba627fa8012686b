/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "suzume-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "mahjong-claim-bar.h"
#include "mahjong-screen.h"
#include "mahjong-table-view.h"
#include "mahjong-tile-paint.h"
#include "mahjong-tile-widget.h"
#include "parlor-line.h"
#include "parlor-log-view.h"
#include "parlor-screen-util.h"
#include "parlor-session.h"
#include "suzume-game.h"
#include "suzume-screen-private.h"
#include "suzume-setup.h"
#include "suzume-view.h"

#define N_SEATS_MAX SUZUME_MAX_SEATS

struct _SuzumeScreen
{
  MahjongScreen      parent_instance;

  SuzumeSetup       *setup;
  GtkBox            *table_holder;
  GtkLabel          *turn_label;
  GtkLabel          *clock_label;
  GtkLabel          *info_label;
  GtkWidget         *dora_tile;
  GtkLabel          *wall_label;
  MahjongClaimBar   *claim_bar;
  GtkLabel          *hint_label;
  GtkBox            *dora_box;
  GtkWidget         *dora_label;

  SuzumeView         view;
  MahjongTile        ron_hint;         /* a discard the game says I may not ron, or MAHJONG_NO_TILE */
  gboolean           hand_won;         /* someone won the hand under way */
};

G_DEFINE_FINAL_TYPE (SuzumeScreen, suzume_screen, MAHJONG_TYPE_SCREEN)

static char *
suzume_screen_claim_label (MahjongScreen           *screen,
                           const char              *action,
                           const MahjongTableState *state)
{
  if (g_str_equal (action, "ron"))
    return g_strdup (_("_Ron"));
  if (g_str_equal (action, "tsumo"))
    return g_strdup (_("_Tsumo"));
  return NULL;
}

/* The game said the latest discard would complete the hand, yet no ron is offered. */
static char *
suzume_screen_hint_text (MahjongScreen           *screen,
                         const MahjongTableState *state)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  g_autofree char *name = NULL;

  if (mahjong_screen_is_finished (screen) || self->ron_hint == MAHJONG_NO_TILE)
    return NULL;
  name = mahjong_tile_name (self->ron_hint);
  return g_strdup_printf (_("%s would complete your hand, but you cannot ron: you discarded that number yourself"),
                          name);
}

static gboolean
suzume_screen_read_view (MahjongScreen     *screen,
                         const char        *view_line,
                         MahjongTableState *state,
                         GError           **error)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  const SuzumeView *v = &self->view;

  if (!suzume_view_parse (view_line, &self->view, error))
    return FALSE;

  state->n_seats = v->n_seats;
  state->turn = v->over ? -1 : (int) v->turn;
  state->wall = v->wall;
  state->over = v->over;
  state->asked = PARLOR_SCREEN_SEAT (self) >= 0 && v->ask != SUZUME_ASK_NONE;
  state->window = v->ask == SUZUME_ASK_RON;
  if (state->window)
    {
      state->claim_tile = v->last;
      state->claim_from = v->last_from;
      mahjong_table_state_add_action (state, "ron");
    }
  if (v->ask == SUZUME_ASK_DISCARD && v->can_tsumo)
    mahjong_table_state_add_action (state, "tsumo");
  for (guint s = 0; s < v->n_seats; s++)
    {
      MahjongSeatState *seat = &state->seats[s];

      seat->wind = s == v->dealer ? _("Dealer") : NULL;
      seat->score = v->scores[s];
      seat->active = !v->over && !mahjong_screen_is_finished (screen) && v->turn == s;
      seat->n_river = MIN (v->n_discards[s], MAHJONG_RIVER_MAX);
      for (guint i = 0; i < seat->n_river; i++)
        seat->river[i] = v->discards[s][i];
      seat->last_discard = v->last != MAHJONG_NO_TILE && (int) s == v->last_from;
      if ((int) s == PARLOR_SCREEN_SEAT (self))
        /* The view's hand holds the drawn tile too: it is shown apart. */
        mahjong_seat_state_hold (seat, v->hand, v->hand_len, v->drawn);
      else
        {
          seat->has_drawn = !v->over && v->turn == s && v->ask != SUZUME_ASK_RON && v->last_from != (int) s;
          seat->n_tiles = SUZUME_HAND_SIZE - 1 + (seat->has_drawn ? 1 : 0);
        }
    }
  state->discarding = v->ask == SUZUME_ASK_DISCARD;
  return TRUE;
}

static char *
suzume_screen_status_text (MahjongScreen           *screen,
                           const MahjongTableState *state)
{
  if (state->over)
    return g_strdup (_("Match over"));
  if (state->window && parlor_game_screen_can_move (PARLOR_GAME_SCREEN (screen)))
    return g_strdup (_("Ron or pass?"));
  if (state->asked)
    return g_strdup (_("Your turn: discard a tile"));
  /* A replay's moves are made: nobody is thinking. */
  if (PARLOR_SCREEN_SESSION (screen) != NULL && parlor_session_is_replay (PARLOR_SCREEN_SESSION (screen)))
    return g_strdup_printf (_("%s to play"), PARLOR_SCREEN_NAME (screen, (guint) state->turn % N_SEATS_MAX));
  return g_strdup_printf (_("%s is thinking…"), PARLOR_SCREEN_NAME (screen, (guint) state->turn % N_SEATS_MAX));
}

static void
suzume_screen_draw_status (MahjongScreen           *screen,
                           const MahjongTableState *state)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  g_autofree char *info = NULL;
  g_autofree char *wall = NULL;

  if (state == NULL)
    return;
  /* Translators: "Hand 2 of 8" */
  info = g_strdup_printf (_("Hand %u of %u"), self->view.hand_number, self->view.n_hands);
  gtk_label_set_text (self->info_label, info);
  wall = g_strdup_printf (ngettext ("%u tile left in the wall", "%u tiles left in the wall",
                                    state->wall), state->wall);
  gtk_label_set_text (self->wall_label, wall);
  if (self->view.dora != MAHJONG_NO_TILE)
    {
      g_autofree char *name = mahjong_tile_name (self->view.dora);
      g_autofree char *label = g_strdup_printf (_("Dora indicator: %s"), name);

      mahjong_tile_widget_set_tile (MAHJONG_TILE_WIDGET (self->dora_tile), self->view.dora);
      gtk_widget_set_tooltip_text (self->dora_tile, label);
      parlor_accessible_set_name (self->dora_tile, label);
      gtk_widget_set_visible (self->dora_tile, TRUE);
    }
}

static void
record_win (SuzumeScreen *self,
            ParlorLine   *line,
            gboolean      ron)
{
  gint64 seat = -1, from = -1, total = 0, bonus = 0;
  const char *yaku = parlor_line_get (line, "yaku");
  const char *hand = parlor_line_get (line, "hand") != NULL ? parlor_line_get (line, "hand") : "";
  g_autofree char *sets = suzume_win_sets_words (hand);
  g_auto(GStrv) parts = g_strsplit (yaku != NULL ? yaku : "", ",", -1);
  MahjongScoreItem items[SUZUME_N_YAKU];
  MahjongWin win = { .items = items, .sets = sets };
  MahjongTile held[SUZUME_HAND_SIZE];
  guint n_held = 0;
  MahjongTile tile = suzume_tile_from_string (parlor_line_get (line, "tile"));
  g_autofree char *title = NULL;
  g_autofree char *markup = NULL;

  parlor_line_get_int (line, "seat", 0, N_SEATS_MAX - 1, &seat, NULL);
  parlor_line_get_int (line, "from", 0, N_SEATS_MAX - 1, &from, NULL);
  parlor_line_get_int (line, "total", 0, 1000, &total, NULL);
  parlor_line_get_int (line, "bonus", 0, 100, &bonus, NULL);

  win.seat = seat;
  win.from = ron ? from : -1;
  win.tile = tile;
  win.total = (int) total;
  win.bonus = (int) bonus;
  for (guint i = 0; parts[i] != NULL && win.n_items < G_N_ELEMENTS (items); i++)
    {
      char *colon = strchr (parts[i], ':');
      /* A host's line is not trusted to keep its numbers small. */
      guint times = colon != NULL ? (guint) CLAMP (g_ascii_strtoull (colon + 1, NULL, 10), 1, 99) : 1;
      SuzumeYaku y;

      if (colon != NULL)
        *colon = '\0';
      y = suzume_yaku_from_id (parts[i]);
      if (y >= SUZUME_N_YAKU)
        continue;
      items[win.n_items++] = (MahjongScoreItem) { suzume_yaku_label (y), times,
                                                  suzume_yaku_points (y) * (int) times };
    }
  markup = mahjong_screen_win_markup (MAHJONG_SCREEN (self), &win);

  /* Several may ron the same discard: the first names the hand's page. */
  title = mahjong_screen_win_title (MAHJONG_SCREEN (self), seat, ron);
  if (!self->hand_won)
    {
      mahjong_screen_end_hand (MAHJONG_SCREEN (self), title, markup);
      if (suzume_tiles_parse (hand, ',', held, SUZUME_HAND_SIZE, &n_held))
        mahjong_screen_show_winning_hand (MAHJONG_SCREEN (self), seat, held, n_held, tile, NULL, 0);
      else
        mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
    }
  else
    {
      g_autofree char *more = g_markup_printf_escaped ("\n<b>%s</b>\n", title);

      mahjong_screen_add_hand_words (MAHJONG_SCREEN (self), more);
      mahjong_screen_add_hand_words (MAHJONG_SCREEN (self), markup);
      if (suzume_tiles_parse (hand, ',', held, SUZUME_HAND_SIZE, &n_held))
        mahjong_screen_add_winning_hand (MAHJONG_SCREEN (self), seat, held, n_held, tile, NULL, 0);
    }
  self->hand_won = TRUE;
}

static void
record_pay (SuzumeScreen *self,
            ParlorLine   *line)
{
  gint64 from = -1, to = -1, points = 0, owed = 0;
  g_autoptr(GString) words = g_string_new ("\n");
  g_autofree char *markup = NULL;
  g_autofree char *pay = NULL;

  parlor_line_get_int (line, "from", 0, N_SEATS_MAX - 1, &from, NULL);
  parlor_line_get_int (line, "to", 0, N_SEATS_MAX - 1, &to, NULL);
  parlor_line_get_int (line, "points", 0, 10000, &points, NULL);
  parlor_line_get_int (line, "owed", 0, 10000, &owed, NULL);
  pay = mahjong_screen_payment_text (MAHJONG_SCREEN (self), from, to, (int) points);
  g_string_append (words, pay);
  if (owed > points)
    g_string_append_printf (words, _(" (of %d owed)"), (int) owed);
  markup = g_markup_escape_text (words->str, -1);
  mahjong_screen_add_hand_words (MAHJONG_SCREEN (self), markup);
}

static void
suzume_screen_take_event (MahjongScreen *screen,
                          ParlorLine    *line,
                          const char    *type)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  gint64 n = 0;

  if (g_str_equal (type, "match") &&
      parlor_line_get_int (line, "seats", SUZUME_MIN_SEATS, SUZUME_MAX_SEATS, &n, NULL))
    mahjong_screen_ensure_table (screen, (guint) n);
  else if (g_str_equal (type, "hand"))
    self->hand_won = FALSE;
  else if (g_str_equal (type, "tsumo") || g_str_equal (type, "ron"))
    record_win (self, line, g_str_equal (type, "ron"));
  else if (g_str_equal (type, "pay"))
    record_pay (self, line);
  else if (g_str_equal (type, "exhausted"))
    {
      g_autofree char *words = g_markup_escape_text (_("The wall is empty: nobody wins this hand"), -1);

      mahjong_screen_end_hand (MAHJONG_SCREEN (self), _("Drawn Hand"), words);
      mahjong_screen_clear_win_hand (MAHJONG_SCREEN (self));
    }

  /* The hint stands until the next discard, the seat's own draw or the hand's end. */
  if (g_str_equal (type, "ron-barred"))
    {
      gint64 seat = -1;

      if (parlor_line_get_int (line, "seat", 0, N_SEATS_MAX - 1, &seat, NULL) &&
          seat == PARLOR_SCREEN_SEAT (self))
        self->ron_hint = suzume_tile_from_string (parlor_line_get (line, "tile"));
    }
  else if (g_str_equal (type, "discard") || g_str_equal (type, "hand") ||
           g_str_equal (type, "tsumo") || g_str_equal (type, "ron") ||
           g_str_equal (type, "exhausted") || g_str_equal (type, "game-over") ||
           (g_str_equal (type, "draw") && parlor_line_get_int (line, "seat", 0, N_SEATS_MAX - 1, &n, NULL) &&
            n == PARLOR_SCREEN_SEAT (self)))
    self->ron_hint = MAHJONG_NO_TILE;
}

static void
suzume_screen_reset (ParlorGameScreen *screen)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);

  PARLOR_GAME_SCREEN_CLASS (suzume_screen_parent_class)->reset (screen);
  self->hand_won = FALSE;
  gtk_widget_set_visible (self->dora_tile, FALSE);
  self->ron_hint = MAHJONG_NO_TILE;
}

static void
discard_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SuzumeScreen *self = SUZUME_SCREEN (widget);
  MahjongTableView *table = mahjong_screen_get_table (MAHJONG_SCREEN (self));
  MahjongHandView *hand;
  int index = g_variant_get_int32 (param);
  char buf[3];
  g_autofree char *action = NULL;

  if (!mahjong_screen_is_asked (MAHJONG_SCREEN (self), TRUE) || table == NULL)
    return;
  hand = mahjong_table_view_get_hand (table, 0);
  if (index < 0)
    index = mahjong_hand_view_get_selected (hand);
  if (index < 0 || index >= (int) mahjong_hand_view_get_n_tiles (hand))
    return;
  action = g_strdup_printf ("discard %s",
                            suzume_tile_to_string (mahjong_hand_view_get_tile (hand, index), buf));
  mahjong_screen_submit (MAHJONG_SCREEN (self), action);
}

static char *
suzume_screen_discard_action (MahjongScreen *screen,
                              guint          tile)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  char buf[3];

  if (self->view.ask != SUZUME_ASK_DISCARD || !suzume_tile_is_valid (tile))
    return NULL;
  return g_strdup_printf ("discard %s", suzume_tile_to_string (tile, buf));
}

static char *
suzume_screen_host_config (ParlorGameScreen  *screen,
                           char             **summary)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);

  if (summary != NULL)
    *summary = g_strdup_printf (_("%u players, %u deals each. Who deals first is drawn at random."),
                                suzume_setup_get_n_seats (self->setup),
                                suzume_setup_get_deals (self->setup));
  return suzume_setup_make_config (self->setup);
}

static gboolean
suzume_screen_host_game (ParlorGameScreen  *screen,
                         ParlorServer      *server,
                         const char        *table_id,
                         GError           **error)
{
  ParlorTable *table = parlor_server_get_table (server, table_id);

  /* The table view has a place for each seat of the hosted table. */
  if (table != NULL)
    mahjong_screen_ensure_table (MAHJONG_SCREEN (screen), parlor_table_get_n_seats (table));
  return PARLOR_GAME_SCREEN_CLASS (suzume_screen_parent_class)->host_game (screen, server, table_id, error);
}

static char *
suzume_screen_local_config (ParlorGameScreen *screen)
{
  return suzume_setup_make_config (SUZUME_SCREEN (screen)->setup);
}

static guint
suzume_screen_seat_players (ParlorGameScreen *screen,
                            ParlorTable      *table,
                            const char       *name)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  guint n_seats = suzume_setup_get_n_seats (self->setup);
  const char *levels[N_SEATS_MAX] = { NULL };
  guint player;

  for (guint s = 1; s < n_seats; s++)
    levels[s] = suzume_setup_get_level (self->setup, s);
  player = parlor_game_screen_seat_computers (screen, table, name, levels);
  mahjong_screen_ensure_table (MAHJONG_SCREEN (self), n_seats);
  return player;
}

static void
suzume_screen_class_init (SuzumeScreenClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);
  MahjongScreenClass *mahjong_class = MAHJONG_SCREEN_CLASS (klass);
  static const char * const headline_events[] = { "hand", "tsumo", "ron", "game-over", NULL };
  static const char * const hand_end_events[] = { "tsumo", "ron", NULL };

  mahjong_screen_class_set_game (widget_class, &suzume_game_info, "claim");
  screen_class->host_game = suzume_screen_host_game;
  screen_class->host_config = suzume_screen_host_config;
  mahjong_class->discard_action = suzume_screen_discard_action;
  mahjong_class->read_view = suzume_screen_read_view;
  mahjong_class->claim_label = suzume_screen_claim_label;
  mahjong_class->status_text = suzume_screen_status_text;
  mahjong_class->hint_text = suzume_screen_hint_text;
  mahjong_class->draw_status = suzume_screen_draw_status;
  mahjong_class->take_event = suzume_screen_take_event;
  screen_class->headline_events = headline_events;
  screen_class->round_events = hand_end_events;
  screen_class->local_config = suzume_screen_local_config;
  screen_class->seat_players = suzume_screen_seat_players;
  screen_class->reset = suzume_screen_reset;

  gtk_widget_class_install_action (widget_class, "suzume.discard", "i", discard_action);

  g_type_ensure (SUZUME_TYPE_SETUP);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, setup);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, turn_label);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, info_label);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, clock_label);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, table_holder);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, dora_box);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, dora_label);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, wall_label);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, claim_bar);
  gtk_widget_class_bind_template_child (widget_class, SuzumeScreen, hint_label);
}

static void
suzume_screen_init (SuzumeScreen *self)
{
  self->ron_hint = MAHJONG_NO_TILE;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->dora_tile = mahjong_tile_widget_new (MAHJONG_NO_TILE);
  gtk_widget_set_size_request (self->dora_tile, 30, 40);
  gtk_widget_set_visible (self->dora_tile, FALSE);
  gtk_box_insert_child_after (self->dora_box, self->dora_tile, self->dora_label);
  mahjong_screen_set_claim_bar (MAHJONG_SCREEN (self), self->claim_bar);
  mahjong_screen_set_table_holder (MAHJONG_SCREEN (self), self->table_holder);
  mahjong_screen_set_status_labels (MAHJONG_SCREEN (self), self->turn_label, self->hint_label);
  mahjong_screen_add_hand_page (MAHJONG_SCREEN (self), N_SEATS_MAX);
  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), self->clock_label);
}

