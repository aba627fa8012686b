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
#include "parlor-session.h"
#include "suzume-game.h"
#include "suzume-screen-private.h"
#include "suzume-setup.h"
#include "suzume-view.h"

#define N_SEATS_MAX SUZUME_MAX_SEATS

struct _SuzumeScreen
{
  MahjongScreen      parent_instance;

  GtkStack          *stack;            /* the base's, as its log and result page */
  ParlorLogView     *log;
  AdwStatusPage     *result_page;
  SuzumeSetup       *setup;
  GtkBox            *table_holder;
  MahjongTableView  *table;
  GtkLabel          *turn_label;
  GtkLabel          *clock_label;
  GtkLabel          *info_label;
  GtkWidget         *dora_tile;
  GtkLabel          *wall_label;
  MahjongClaimBar   *claim_bar;
  GtkLabel          *hint_label;
  GtkBox            *dora_box;
  GtkWidget         *dora_label;

  guint              n_seats;
  SuzumeView         view;
  gboolean           has_view;
  gboolean           finished;
  SuzumeTile         ron_hint;         /* a discard the game says I may not ron, or SUZUME_NO_TILE */
  int                my_rank;
  GString           *hand_result;
  char              *hand_title;
  char              *last_hand;        /* the words of the hand last ended */
  gboolean           hand_pending;     /* a hand ended: show it */
  char              *ranking;
};

G_DEFINE_FINAL_TYPE (SuzumeScreen, suzume_screen, MAHJONG_TYPE_SCREEN)

static void ensure_table      (SuzumeScreen *self,
                               guint         n_seats);

static guint
to_mahjong (SuzumeTile t)
{
  guint kind;

  if (t == SUZUME_NO_TILE)
    return MAHJONG_NO_TILE;
  kind = suzume_tile_kind (t);
  if (kind == SUZUME_KIND_F)
    return MAHJONG_TILE_GREEN;
  if (kind == SUZUME_KIND_C)
    return MAHJONG_TILE_RED_DRAGON;
  return (18 + kind) | (suzume_tile_is_red (t) ? MAHJONG_TILE_RED : 0);
}

SuzumeTile
suzume_screen_tile_from_mahjong (guint t)
{
  guint kind = MAHJONG_TILE_KIND (t);

  if (kind == MAHJONG_TILE_GREEN)
    return SUZUME_KIND_F;
  if (kind == MAHJONG_TILE_RED_DRAGON)
    return SUZUME_KIND_C | SUZUME_TILE_RED;
  return (kind - 18) | ((t & MAHJONG_TILE_RED) ? SUZUME_TILE_RED : 0);
}

static char *
tile_name (SuzumeTile t)
{
  return mahjong_tile_name (to_mahjong (t));
}

static gboolean
my_turn (SuzumeScreen *self)
{
  return self->has_view && PARLOR_SCREEN_SEAT (self) >= 0 && !self->finished && !self->view.over &&
         self->view.ask != SUZUME_ASK_NONE;
}

static gboolean
can_move (SuzumeScreen *self)
{
  return my_turn (self) && parlor_game_screen_can_move (PARLOR_GAME_SCREEN (self));
}

/* The six tiles held on a turn (the hand and the drawn tile). */
static gboolean
can_tsumo (SuzumeScreen *self)
{
  return can_move (self) && self->view.ask == SUZUME_ASK_DISCARD && self->view.can_tsumo;
}

/* The game said the latest discard would complete the hand, yet no ron is offered. */
static gboolean
ron_barred (SuzumeScreen *self)
{
  return self->has_view && !self->finished && self->ron_hint != SUZUME_NO_TILE;
}

static void
update_claims (SuzumeScreen *self)
{
  gint64 deadline = PARLOR_SCREEN_SESSION (self) != NULL ? parlor_session_get_deadline (PARLOR_SCREEN_SESSION (self)) : 0;

  if (can_move (self) && self->view.ask == SUZUME_ASK_RON)
    {
      MahjongClaim claims[] = { { "ron", _("_Ron") } };

      mahjong_claim_bar_set_claims (self->claim_bar, claims, 1, TRUE, deadline);
    }
  else if (can_tsumo (self))
    {
      MahjongClaim claims[] = { { "tsumo", _("_Tsumo") } };

      mahjong_claim_bar_set_claims (self->claim_bar, claims, 1, FALSE, 0);
    }
  else
    mahjong_claim_bar_clear (self->claim_bar);

  if (ron_barred (self))
    {
      g_autofree char *name = tile_name (self->ron_hint);
      g_autofree char *text =
        g_strdup_printf (_("%s would complete your hand, but you cannot ron: you discarded that number yourself"),
                         name);

      gtk_label_set_text (self->hint_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->hint_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
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
  self->has_view = TRUE;
  ensure_table (self, v->n_seats);

  state->n_seats = v->n_seats;
  state->turn = v->over ? -1 : (int) v->turn;
  state->wall = v->wall;
  state->over = v->over || self->finished;
  for (guint s = 0; s < v->n_seats; s++)
    {
      MahjongSeatState *seat = &state->seats[s];

      seat->wind = s == v->dealer ? _("Dealer") : NULL;
      seat->score = v->scores[s];
      seat->active = !v->over && !self->finished && v->turn == s;
      seat->n_river = MIN (v->n_discards[s], MAHJONG_RIVER_MAX);
      for (guint i = 0; i < seat->n_river; i++)
        seat->river[i] = to_mahjong (v->discards[s][i]);
      seat->last_discard = v->last != SUZUME_NO_TILE && (int) s == v->last_from;
      if ((int) s == PARLOR_SCREEN_SEAT (self))
        {
          gboolean drawn_out = v->drawn == SUZUME_NO_TILE || v->hand_len < SUZUME_HAND_SIZE;

          /* The view's hand holds the drawn tile too: it is shown apart. */
          for (guint i = 0; i < v->hand_len; i++)
            {
              if (!drawn_out && v->hand[i] == v->drawn)
                {
                  drawn_out = TRUE;
                  continue;
                }
              seat->tiles[seat->n_tiles++] = to_mahjong (v->hand[i]);
            }
          seat->has_drawn = v->drawn != SUZUME_NO_TILE;
          seat->drawn = to_mahjong (v->drawn);
        }
      else
        {
          seat->has_drawn = !v->over && v->turn == s && v->ask != SUZUME_ASK_RON && v->last_from != (int) s;
          seat->n_tiles = SUZUME_HAND_SIZE - 1 + (seat->has_drawn ? 1 : 0);
        }
    }
  state->discarding = can_move (self) && v->ask == SUZUME_ASK_DISCARD;
  return TRUE;
}

static void
update_status (SuzumeScreen *self)
{
  g_autofree char *info = NULL;
  g_autofree char *wall = NULL;

  if (!self->has_view)
    {
      gtk_label_set_text (self->turn_label, "");
      return;
    }
  if (self->finished || self->view.over)
    gtk_label_set_text (self->turn_label, _("Match over"));
  else if (can_move (self) && self->view.ask == SUZUME_ASK_RON)
    gtk_label_set_text (self->turn_label, _("Ron or pass?"));
  else if (my_turn (self))
    gtk_label_set_text (self->turn_label, _("Your turn: discard a tile"));
  else
    {
      g_autofree char *text = g_strdup_printf (_("%s is thinking…"),
                                               PARLOR_SCREEN_NAME (self, self->view.turn % N_SEATS_MAX));

      gtk_label_set_text (self->turn_label, text);
    }
  if (my_turn (self))
    gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->turn_label), "accent");

  /* Translators: "Hand 2 of 8" */
  info = g_strdup_printf (_("Hand %u of %u"), self->view.hand_number, self->view.n_hands);
  gtk_label_set_text (self->info_label, info);
  wall = g_strdup_printf (ngettext ("%u tile left in the wall", "%u tiles left in the wall",
                                    self->view.wall), self->view.wall);
  gtk_label_set_text (self->wall_label, wall);
  if (self->view.dora != SUZUME_NO_TILE)
    {
      g_autofree char *name = tile_name (self->view.dora);
      g_autofree char *label = g_strdup_printf (_("Dora indicator: %s"), name);

      mahjong_tile_widget_set_tile (MAHJONG_TILE_WIDGET (self->dora_tile), to_mahjong (self->view.dora));
      gtk_widget_set_tooltip_text (self->dora_tile, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->dora_tile),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_set_visible (self->dora_tile, TRUE);
    }
}

static void
refresh (SuzumeScreen *self)
{
  if (!mahjong_screen_refresh (MAHJONG_SCREEN (self)))
    return;
  update_status (self);
  update_claims (self);
}

static void
ensure_table (SuzumeScreen *self,
              guint         n_seats)
{
  if (self->table != NULL && self->n_seats == n_seats)
    return;
  if (self->table != NULL)
    gtk_box_remove (self->table_holder, GTK_WIDGET (self->table));
  self->n_seats = n_seats;
  self->table = MAHJONG_TABLE_VIEW (mahjong_table_view_new (n_seats));
  gtk_widget_set_vexpand (GTK_WIDGET (self->table), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->table), TRUE);
  gtk_box_prepend (self->table_holder, GTK_WIDGET (self->table));
  mahjong_screen_set_table (MAHJONG_SCREEN (self), self->table);
}

/* The two sets of a winning hand in words: "1 of bamboo, 2 of bamboo, 3 of bamboo  ·  …". */
static char *
sets_words (const char *hand)
{
  SuzumeTile t[SUZUME_HAND_SIZE];
  SuzumeTile sets[2][3];
  GString *out;
  guint n = 0;

  if (!suzume_tiles_parse (hand, ',', t, SUZUME_HAND_SIZE, &n) || n != SUZUME_HAND_SIZE ||
      !suzume_hand_sets (t, sets))
    return g_strdup (hand);
  out = g_string_new (NULL);
  for (guint s = 0; s < 2; s++)
    {
      if (s > 0)
        g_string_append (out, "  ·  ");
      for (guint i = 0; i < 3; i++)
        {
          g_autofree char *name = tile_name (sets[s][i]);

          g_string_append_printf (out, "%s%s", i > 0 ? _(", ") : "", name);
        }
    }
  return g_string_free (out, FALSE);
}

/* The yaku in the player's language; a context of their own, as MCR has fans
 * of the same English names. */
const char *
suzume_screen_yaku_label (const char *id)
{
  static const struct { const char *id; const char *name; } names[] = {
    { "run", NC_("suzume yaku", "Run") },
    { "triplet", NC_("suzume yaku", "Triplet") },
    { "dora", NC_("suzume yaku", "Dora") },
    { "red", NC_("suzume yaku", "Red tiles") },
    { "all-simples", NC_("suzume yaku", "All Simples") },
    { "chanta", NC_("suzume yaku", "Terminals in Every Set") },
    { "all-green", NC_("suzume yaku", "All Green") },
    { "all-terminals", NC_("suzume yaku", "All Terminals") },
    { "all-red", NC_("suzume yaku", "All Red") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (id, names[i].id))
      return g_dpgettext2 (GETTEXT_PACKAGE, "suzume yaku", names[i].name);
  return id;
}

static const char *
seat_name (SuzumeScreen *self,
           gint64        seat)
{
  if (seat < 0 || seat >= N_SEATS_MAX)
    return "?";
  return seat == PARLOR_SCREEN_SEAT (self) ? _("You") : PARLOR_SCREEN_NAME (self, seat);
}

static void
record_win (SuzumeScreen *self,
            ParlorLine   *line,
            gboolean      ron)
{
  gint64 seat = -1, from = -1, total = 0, bonus = 0;
  const char *yaku = parlor_line_get (line, "yaku");
  g_autofree char *sets = sets_words (parlor_line_get (line, "hand") != NULL
                                     ? parlor_line_get (line, "hand") : "");
  SuzumeTile tile = suzume_tile_from_string (parlor_line_get (line, "tile"));
  g_autofree char *tname = tile_name (tile);

  parlor_line_get_int (line, "seat", 0, N_SEATS_MAX - 1, &seat, NULL);
  parlor_line_get_int (line, "from", 0, N_SEATS_MAX - 1, &from, NULL);
  parlor_line_get_int (line, "total", 0, 1000, &total, NULL);
  parlor_line_get_int (line, "bonus", 0, 100, &bonus, NULL);

  if (self->hand_result->len > 0)
    g_string_append_c (self->hand_result, '\n');
  if (ron && PARLOR_SCREEN_SEAT (self) >= 0 && seat == PARLOR_SCREEN_SEAT (self))
    g_string_append_printf (self->hand_result, _("You win by ron on %s from %s"),
                            tname, seat_name (self, from));
  else if (ron && PARLOR_SCREEN_SEAT (self) >= 0 && from == PARLOR_SCREEN_SEAT (self))
    g_string_append_printf (self->hand_result, _("%s wins by ron on your %s"),
                            seat_name (self, seat), tname);
  else if (ron)
    /* Translators: "Alice wins by ron on 5 of bamboo from Bob" */
    g_string_append_printf (self->hand_result, _("%s wins by ron on %s from %s"),
                            seat_name (self, seat), tname, seat_name (self, from));
  else if (PARLOR_SCREEN_SEAT (self) >= 0 && seat == PARLOR_SCREEN_SEAT (self))
    g_string_append_printf (self->hand_result, _("You win by tsumo on %s"), tname);
  else
    g_string_append_printf (self->hand_result, _("%s wins by tsumo on %s"),
                            seat_name (self, seat), tname);
  g_string_append_printf (self->hand_result, "\n  %s: %s\n  ", _("Sets"), sets);
  if (yaku != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (yaku, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          g_auto(GStrv) kv = g_strsplit (parts[i], ":", 2);

          if (kv[0] == NULL || *kv[0] == '\0')
            continue;
          g_string_append_printf (self->hand_result, "%s%s ×%s", i > 0 ? _(", ") : "",
                                  suzume_screen_yaku_label (kv[0]), kv[1] != NULL ? kv[1] : "1");
        }
    }
  g_string_append_printf (self->hand_result, "\n  %s", "");
  if (bonus > 0)
    g_string_append_printf (self->hand_result, _("%d points, %d dealer bonus"), (int) total, (int) bonus);
  else
    g_string_append_printf (self->hand_result, _("%d points"), (int) total);
}

static void
record_pay (SuzumeScreen *self,
            ParlorLine   *line)
{
  gint64 from = -1, to = -1, points = 0, owed = 0;

  parlor_line_get_int (line, "from", 0, N_SEATS_MAX - 1, &from, NULL);
  parlor_line_get_int (line, "to", 0, N_SEATS_MAX - 1, &to, NULL);
  parlor_line_get_int (line, "points", 0, 10000, &points, NULL);
  parlor_line_get_int (line, "owed", 0, 10000, &owed, NULL);
  g_string_append_c (self->hand_result, '\n');
  if (from == PARLOR_SCREEN_SEAT (self))
    g_string_append_printf (self->hand_result,
                            ngettext ("You pay %s %d point", "You pay %s %d points", points),
                            seat_name (self, to), (int) points);
  else if (to == PARLOR_SCREEN_SEAT (self))
    g_string_append_printf (self->hand_result,
                            ngettext ("%s pays you %d point", "%s pays you %d points", points),
                            seat_name (self, from), (int) points);
  else
    /* Translators: "Bob pays Alice 7 points" */
    g_string_append_printf (self->hand_result,
                            ngettext ("%s pays %s %d point", "%s pays %s %d points", points),
                            seat_name (self, from), seat_name (self, to), (int) points);
  if (owed > points)
    g_string_append_printf (self->hand_result, _(" (of %d owed)"), (int) owed);
}

/* The hand's result goes to the hand page once the table has caught up. */
static void
end_hand (SuzumeScreen *self,
          const char   *title)
{
  g_free (self->hand_title);
  self->hand_title = g_strdup (title);
  self->hand_pending = TRUE;
}

static void
handle_event (SuzumeScreen *self,
              const char   *text)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  g_autofree char *words = NULL;
  const char *names[N_SEATS_MAX];
  const char *type;
  gint64 n = 0;

  if (line == NULL)
    return;
  type = parlor_line_get_type (line);

  if (g_str_equal (type, "match") &&
      parlor_line_get_int (line, "seats", SUZUME_MIN_SEATS, SUZUME_MAX_SEATS, &n, NULL))
    {
      ensure_table (self, (guint) n);
        }

  for (int i = 0; i < N_SEATS_MAX; i++)
    names[i] = i == PARLOR_SCREEN_SEAT (self) ? "" : PARLOR_SCREEN_NAME (self, i);
  words = suzume_game_info.describe (text, names);
  if (words != NULL && *words != '\0')
    parlor_log_view_append (self->log, words,
                            g_str_equal (type, "hand") || g_str_equal (type, "tsumo") ||
                            g_str_equal (type, "ron") || g_str_equal (type, "game-over"));
  if (self->table != NULL)
    mahjong_table_view_announce_event (self->table, line, PARLOR_SCREEN_SEAT (self), words);

  if (g_str_equal (type, "hand"))
    {
      /* The next hand may be dealt before the table catches up: keep the last. */
      if (self->hand_result->len > 0)
        {
          g_free (self->last_hand);
          self->last_hand = g_strdup (self->hand_result->str);
        }
      g_string_truncate (self->hand_result, 0);
    }
  else if (g_str_equal (type, "tsumo") || g_str_equal (type, "ron"))
    {
      gboolean ron = g_str_equal (type, "ron");
      gint64 seat = -1;
      g_autofree char *title = NULL;

      record_win (self, line, ron);
      parlor_line_get_int (line, "seat", 0, N_SEATS_MAX - 1, &seat, NULL);
      if (seat == PARLOR_SCREEN_SEAT (self))
        title = g_strdup (ron ? _("You Win by Ron") : _("You Win by Tsumo"));
      else
        title = g_strdup_printf (ron ? _("%s Wins by Ron") : _("%s Wins by Tsumo"), seat_name (self, seat));
      end_hand (self, title);
      parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), PARLOR_SOUND_ROUND_END);
    }
  else if (g_str_equal (type, "pay"))
    record_pay (self, line);
  else if (g_str_equal (type, "exhausted"))
    {
      g_string_assign (self->hand_result, _("The wall is empty: nobody wins this hand"));
      end_hand (self, _("Drawn Hand"));
    }
  else if (g_str_equal (type, "discard"))
    parlor_game_screen_play_sound (PARLOR_GAME_SCREEN (self), PARLOR_SOUND_TURN_END);

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
    self->ron_hint = SUZUME_NO_TILE;
}

static void
suzume_screen_session_event (ParlorGameScreen *screen,
                             const char       *text)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);

  handle_event (self, text);
}

static void
suzume_screen_session_changed (ParlorGameScreen *screen)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);

  refresh (self);
  if (self->hand_pending && !self->finished && self->has_view && !self->view.over)
    {
      g_autofree char *markup = g_markup_escape_text (suzume_screen_get_hand_result (self), -1);

      self->hand_pending = FALSE;
      mahjong_screen_show_hand_result (MAHJONG_SCREEN (self), self->hand_title, markup);
    }
}

static void
suzume_screen_seated (ParlorGameScreen *screen)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  ParlorTable *table = parlor_session_get_table (parlor_game_screen_get_session (screen));

  if (table != NULL)
    ensure_table (self, parlor_table_get_n_seats (table));
  PARLOR_GAME_SCREEN_CLASS (suzume_screen_parent_class)->seated (screen);
}

static void
suzume_screen_seats_changed (ParlorGameScreen *screen)
{
  PARLOR_GAME_SCREEN_CLASS (suzume_screen_parent_class)->seats_changed (screen);
  refresh (SUZUME_SCREEN (screen));
}

static void
suzume_screen_game_over (ParlorGameScreen *screen,
                         const char       *result)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  g_autoptr(ParlorLine) line = parlor_line_parse (result, NULL);
  g_auto(GStrv) scores = NULL;
  g_auto(GStrv) ranks = NULL;
  GString *text = g_string_new (NULL);

  self->finished = TRUE;
  self->hand_pending = FALSE;
  mahjong_screen_end_hand_pause (MAHJONG_SCREEN (self));
  self->my_rank = 0;
  if (line != NULL && parlor_line_get (line, "scores") != NULL && parlor_line_get (line, "ranks") != NULL)
    {
      scores = g_strsplit (parlor_line_get (line, "scores"), ",", -1);
      ranks = g_strsplit (parlor_line_get (line, "ranks"), ",", -1);
      for (guint r = 1; r <= self->n_seats; r++)
        for (guint s = 0; s < self->n_seats && scores[s] != NULL && ranks[s] != NULL; s++)
          if (atoi (ranks[s]) == (int) r)
            {
              if ((int) s == PARLOR_SCREEN_SEAT (self))
                self->my_rank = (int) r;
              if (text->len > 0)
                g_string_append_c (text, '\n');
              /* Translators: "1. Alice — 52 points" */
              g_string_append_printf (text, _("%u. %s — %s points"), r, PARLOR_SCREEN_NAME (self, s), scores[s]);
            }
    }
  g_free (self->ranking);
  self->ranking = g_string_free (text, FALSE);
  mahjong_claim_bar_clear (self->claim_bar);
  update_status (self);
  mahjong_screen_refresh (MAHJONG_SCREEN (self));
  gtk_widget_activate_action (GTK_WIDGET (self), "suzume.show-result", NULL);
}

static void
suzume_screen_reset (ParlorGameScreen *screen)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);

  PARLOR_GAME_SCREEN_CLASS (suzume_screen_parent_class)->reset (screen);
  g_string_truncate (self->hand_result, 0);
  g_clear_pointer (&self->last_hand, g_free);
  self->hand_pending = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
  gtk_widget_set_visible (self->dora_tile, FALSE);
  self->has_view = FALSE;
  self->finished = FALSE;
  self->ron_hint = SUZUME_NO_TILE;
}

static void
begin_play (ParlorGameScreen *screen)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);

  refresh (self);
  gtk_stack_set_visible_child_name (self->stack, "play");
  if (self->table != NULL)
    mahjong_screen_focus_hand (MAHJONG_SCREEN (self));
}

static void
discard_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SuzumeScreen *self = SUZUME_SCREEN (widget);
  MahjongHandView *hand;
  int index = g_variant_get_int32 (param);
  char buf[3];
  g_autofree char *action = NULL;

  if (!can_move (self) || self->view.ask != SUZUME_ASK_DISCARD || self->table == NULL)
    return;
  hand = mahjong_table_view_get_hand (self->table, 0);
  if (index < 0)
    index = mahjong_hand_view_get_selected (hand);
  if (index < 0 || index >= (int) mahjong_hand_view_get_n_tiles (hand))
    return;
  action = g_strdup_printf ("discard %s",
                            suzume_tile_to_string (suzume_screen_tile_from_mahjong (mahjong_hand_view_get_tile (hand, index)), buf));
  mahjong_screen_submit (MAHJONG_SCREEN (self), action);
}

static char *
suzume_screen_discard_action (MahjongScreen *screen,
                              guint          tile)
{
  SuzumeScreen *self = SUZUME_SCREEN (screen);
  char buf[3];

  if (self->view.ask != SUZUME_ASK_DISCARD || suzume_screen_tile_from_mahjong (tile) == SUZUME_NO_TILE)
    return NULL;
  return g_strdup_printf ("discard %s", suzume_tile_to_string (suzume_screen_tile_from_mahjong (tile), buf));
}

static void
claim_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  SuzumeScreen *self = SUZUME_SCREEN (widget);
  const char *claim = g_variant_get_string (param, NULL);

  if (!can_move (self))
    return;
  if (g_str_equal (claim, "tsumo") ? !can_tsumo (self)
      : (self->view.ask != SUZUME_ASK_RON || !(g_str_equal (claim, "ron") || g_str_equal (claim, "pass"))))
    return;
  mahjong_screen_submit (MAHJONG_SCREEN (self), claim);
}

static void
show_result_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  SuzumeScreen *self = SUZUME_SCREEN (widget);
  g_autofree char *body = NULL;

  if (!self->finished)
    return;
  body = self->hand_result->len > 0
         ? g_strdup_printf ("%s\n\n%s\n%s", self->ranking, _("Last hand:"), self->hand_result->str)
         : g_strdup (self->ranking);
  adw_status_page_set_title (self->result_page,
                             self->my_rank == 1 ? _("You Win!") : _("Match Over"));
  adw_status_page_set_description (self->result_page, body);
  parlor_game_screen_show_result_page (PARLOR_GAME_SCREEN (self));
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
    ensure_table (SUZUME_SCREEN (screen), parlor_table_get_n_seats (table));
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
  guint player = parlor_table_add_player_at (table, 0, PARLOR_SEAT_LOCAL, name, NULL);

  for (guint s = 1; s < n_seats; s++)
    {
      const char *level = suzume_setup_get_level (self->setup, s);
      /* Short names: four headings share the table; the strengths are on the setup page. */
      g_autofree char *computer = g_strdup_printf (_("Computer %u"), s);

      parlor_table_add_player_at (table, (int) s, PARLOR_SEAT_AI, computer, level);
    }
  ensure_table (self, n_seats);
  return player;
}

static void
suzume_screen_finalize (GObject *object)
{
  SuzumeScreen *self = SUZUME_SCREEN (object);

  g_string_free (self->hand_result, TRUE);
  g_free (self->hand_title);
  g_free (self->last_hand);
  g_free (self->ranking);
  G_OBJECT_CLASS (suzume_screen_parent_class)->finalize (object);
}

static void
suzume_screen_class_init (SuzumeScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  ParlorGameScreenClass *screen_class = PARLOR_GAME_SCREEN_CLASS (klass);

  object_class->finalize = suzume_screen_finalize;
  screen_class->host_game = suzume_screen_host_game;
  screen_class->host_config = suzume_screen_host_config;
  screen_class->session_event = suzume_screen_session_event;
  screen_class->session_changed = suzume_screen_session_changed;
  screen_class->seats_changed = suzume_screen_seats_changed;
  MAHJONG_SCREEN_CLASS (klass)->discard_action = suzume_screen_discard_action;
  MAHJONG_SCREEN_CLASS (klass)->read_view = suzume_screen_read_view;
  screen_class->seated = suzume_screen_seated;
  screen_class->game_over = suzume_screen_game_over;
  screen_class->begin_play = begin_play;
  screen_class->game_info = &suzume_game_info;
  screen_class->local_config = suzume_screen_local_config;
  screen_class->seat_players = suzume_screen_seat_players;
  screen_class->reset = suzume_screen_reset;

  parlor_game_screen_class_install_game_actions (widget_class, "suzume");
  gtk_widget_class_install_action (widget_class, "suzume.discard", "i", discard_action);
  gtk_widget_class_install_action (widget_class, "suzume.claim", "s", claim_action);
  gtk_widget_class_install_action (widget_class, "suzume.show-result", NULL, show_result_action);
  mahjong_screen_class_install_next_hand (widget_class, "suzume.next-hand");

  g_type_ensure (MAHJONG_TYPE_CLAIM_BAR);
  g_type_ensure (SUZUME_TYPE_SETUP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/suzume/suzume-screen.ui");
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
  gtk_widget_class_set_css_name (widget_class, "suzume-screen");
}

static void
suzume_screen_init (SuzumeScreen *self)
{
  self->hand_result = g_string_new (NULL);
  self->ranking = g_strdup ("");
  self->ron_hint = SUZUME_NO_TILE;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->stack = parlor_game_screen_get_stack (PARLOR_GAME_SCREEN (self));
  self->log = parlor_game_screen_get_log_view (PARLOR_GAME_SCREEN (self));
  self->result_page = parlor_game_screen_get_result_page (PARLOR_GAME_SCREEN (self));
  adw_status_page_set_icon_name (self->result_page, "applications-games-symbolic");

  self->dora_tile = mahjong_tile_widget_new (MAHJONG_NO_TILE);
  gtk_widget_set_size_request (self->dora_tile, 30, 40);
  gtk_widget_set_visible (self->dora_tile, FALSE);
  gtk_box_insert_child_after (self->dora_box, self->dora_tile, self->dora_label);
  mahjong_screen_set_claim_bar (MAHJONG_SCREEN (self), self->claim_bar);
  mahjong_screen_add_hand_page (MAHJONG_SCREEN (self), self->stack, N_SEATS_MAX, "suzume.next-hand");
  parlor_game_screen_set_clock_label (PARLOR_GAME_SCREEN (self), self->clock_label);
}

GtkWidget *
suzume_screen_get_my_hand (SuzumeScreen *self)
{
  g_return_val_if_fail (SUZUME_IS_SCREEN (self), NULL);
  return self->table != NULL ? GTK_WIDGET (mahjong_table_view_get_hand (self->table, 0)) : NULL;
}

GtkWidget *
suzume_screen_get_claim_bar (SuzumeScreen *self)
{
  g_return_val_if_fail (SUZUME_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->claim_bar);
}

GtkWidget *
suzume_screen_get_hint_label (SuzumeScreen *self)
{
  g_return_val_if_fail (SUZUME_IS_SCREEN (self), NULL);
  return GTK_WIDGET (self->hint_label);
}

const char *
suzume_screen_get_hand_result (SuzumeScreen *self)
{
  g_return_val_if_fail (SUZUME_IS_SCREEN (self), NULL);
  return self->hand_result->len > 0 || self->last_hand == NULL ? self->hand_result->str : self->last_hand;
}

const char *
suzume_screen_get_ranking (SuzumeScreen *self)
{
  g_return_val_if_fail (SUZUME_IS_SCREEN (self), NULL);
  return self->ranking;
}

gboolean
suzume_screen_is_finished (SuzumeScreen *self)
{
  g_return_val_if_fail (SUZUME_IS_SCREEN (self), FALSE);
  return self->finished;
}
