/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mcr"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-mcr.h"
#include "mahjong-shape.h"
#include "mahjong-tile.h"
#include "mcr-ai.h"
#include "mcr-game.h"
#include "mcr-hint.h"
#include "mcr-view.h"
#include "parlor-line.h"

/*
 * Chinese Official mahjong for four seats (rules/mcr-mahjong.md, decisions in
 * docs/rules/mcr-game.md). Seats play in order 0 → 1 → 2 → 3; the seat before
 * you is on your left. The game RNG draws the walls and nothing else, so a seed
 * replayed with the seats rotated deals the same walls.
 */

#define MAX_DISCARDS 40

typedef enum
{
  PHASE_TURN,     /* turn seat: discard, kong or hu */
  PHASE_CLAIM,    /* the other three answer the discard */
  PHASE_ROB,      /* the other three may rob an added kong */
  PHASE_OVER,
} Phase;

typedef enum
{
  ANSWER_NONE,
  ANSWER_PASS,
  ANSWER_CHOW,
  ANSWER_PUNG,
  ANSWER_KONG,
  ANSWER_HU,
} Answer;

struct _McrGame
{
  GObject     parent_instance;

  ParlorRng   rng;
  guint       n_hands;
  gboolean    started;
  gboolean    have_first_wall;
  guint8      first_wall[MAHJONG_WALL_MAX];

  /* the match */
  guint       hand_no;                 /* 0-based */
  guint       dealer;
  int         scores[MCR_N_SEATS];
  guint       wins[MCR_N_SEATS];
  guint       deal_ins[MCR_N_SEATS];
  guint       self_drawn_wins[MCR_N_SEATS];
  guint       hands_drawn;

  /* the hand */
  MahjongWall wall;
  guint8      counts[MCR_N_SEATS][MAHJONG_N_KINDS];
  MahjongMeld melds[MCR_N_SEATS][4];
  guint8      n_melds[MCR_N_SEATS];
  guint8      flowers[MCR_N_SEATS];
  guint8      discards[MCR_N_SEATS][MAX_DISCARDS];
  guint8      n_discards[MCR_N_SEATS];
  Phase       phase;
  guint       turn;
  guint8      drawn;                   /* the tile drawn this turn, or NO_TILE after a claim */
  gboolean    after_kong;              /* the drawn tile replaced a kong */
  /* claim and rob windows */
  guint8      claim_tile;
  guint       claim_from;
  guint32     pending;
  guint8      answer[MCR_N_SEATS];
  guint8      answer_chow[MCR_N_SEATS];
};

static void mcr_game_iface_init (ParlorGameInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McrGame, mcr_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME, mcr_game_iface_init))

static void
mcr_game_class_init (McrGameClass *klass)
{
}

static void
mcr_game_init (McrGame *self)
{
  self->n_hands = 16;
  self->phase = PHASE_TURN;
}

McrGame *
mcr_game_new (guint   n_hands,
              guint64 seed)
{
  McrGame *self;

  g_return_val_if_fail (n_hands >= 1 && n_hands <= 16, NULL);

  self = g_object_new (MCR_TYPE_GAME, NULL);
  self->n_hands = n_hands;
  parlor_rng_init (&self->rng, seed, 0x6d6372);
  return self;
}

void
mcr_game_set_first_wall (McrGame      *self,
                         const guint8 *tiles)
{
  g_return_if_fail (MCR_IS_GAME (self));
  g_return_if_fail (!self->started);

  memcpy (self->first_wall, tiles, MAHJONG_WALL_MAX);
  self->have_first_wall = TRUE;
}

/* ---- helpers --------------------------------------------------------------- */

static const char *
tile_str (guint tile,
          char  buf[3])
{
  if (tile >= MAHJONG_TILE_FLOWER && tile < MAHJONG_N_ALL_KINDS)
    {
      buf[0] = 'f';
      buf[1] = (char) ('1' + tile - MAHJONG_TILE_FLOWER);
      buf[2] = '\0';
      return buf;
    }
  return mahjong_tile_to_string (tile, buf);
}

static void
append_counts (GString      *s,
               const guint8 *counts)
{
  char buf[3];

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    for (guint k = 0; k < counts[t]; k++)
      g_string_append (s, tile_str (t, buf));
}

static guint
hand_tiles (const McrGame *self,
            guint          seat)
{
  guint n = 0;

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    n += self->counts[seat][t];
  return n;
}

static void
emit (GPtrArray  *events,
      guint32     audience,
      char       *line)
{
  if (events != NULL)
    g_ptr_array_add (events, parlor_event_new_take (audience, line));
  else
    g_free (line);
}

static guint32
all_but (guint seat)
{
  return 0xfu & ~PARLOR_AUDIENCE_SEAT (seat);
}

/* "c1m1+2" (a chow and which of its tiles was claimed), "p5p2", "k5p3", "a5p1",
 * "h5p" (concealed kong), "h" (to the others). */
static void
append_meld (GString           *s,
             const MahjongMeld *m,
             gboolean           hide)
{
  char buf[3];

  if (m->type == MAHJONG_MELD_KONG && m->source == MAHJONG_MELD_CONCEALED)
    {
      g_string_append_c (s, 'h');
      if (!hide)
        g_string_append (s, tile_str (m->tile, buf));
      return;
    }
  g_string_append_c (s, m->type == MAHJONG_MELD_CHOW ? 'c'
                        : m->type == MAHJONG_MELD_PUNG ? 'p'
                        : m->source == MAHJONG_MELD_ADDED ? 'a' : 'k');
  g_string_append (s, tile_str (m->tile, buf));
  g_string_append_printf (s, "%u", m->from);
  if (m->type == MAHJONG_MELD_CHOW && m->claimed >= m->tile && m->claimed < m->tile + 3)
    g_string_append_printf (s, "+%u", (guint) (m->claimed - m->tile));
}

/* Copies of @tile every seat can see: discards and exposed melds (concealed kongs
 * only for their owner @seat). */
static guint
visible_copies (const McrGame *self,
                guint          seat,
                guint          tile)
{
  guint n = 0;

  for (guint s = 0; s < MCR_N_SEATS; s++)
    {
      for (guint i = 0; i < self->n_discards[s]; i++)
        n += self->discards[s][i] == tile;
      for (guint i = 0; i < self->n_melds[s]; i++)
        {
          const MahjongMeld *m = &self->melds[s][i];

          if (m->type == MAHJONG_MELD_CHOW)
            n += tile >= m->tile && tile <= m->tile + 2u;
          else if (m->tile == tile && (m->source != MAHJONG_MELD_CONCEALED || s == seat))
            n += m->type == MAHJONG_MELD_KONG ? 4 : 3;
        }
    }
  return n;
}

static void
build_hand (const McrGame *self,
            guint          seat,
            guint          win,
            gboolean       add,
            MahjongHand   *hand)
{
  mahjong_hand_clear (hand);
  memcpy (hand->counts, self->counts[seat], MAHJONG_N_KINDS);
  if (add)
    hand->counts[win]++;
  memcpy (hand->melds, self->melds[seat], sizeof hand->melds);
  hand->n_melds = self->n_melds[seat];
  hand->last_tile = (guint8) win;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    hand->n_concealed += hand->counts[t];
}

/* Scores @seat winning on @win (self-drawn: already in the hand). */
static gboolean
score_win (const McrGame *self,
           guint          seat,
           guint          win,
           gboolean       self_drawn,
           gboolean       robbing,
           MahjongHand   *hand,
           McrResult     *res)
{
  McrSituation sit = { 0 };
  guint visible;

  build_hand (self, seat, win, !self_drawn, hand);
  sit.prevalent_wind = (guint8) (self->hand_no / 4 % 4);
  sit.seat_wind = (guint8) ((seat + MCR_N_SEATS - self->dealer) % MCR_N_SEATS);
  sit.flowers = self->flowers[seat];
  if (self_drawn)
    {
      sit.flags |= MCR_WIN_SELF_DRAWN;
      if (self->after_kong)
        sit.flags |= MCR_WIN_KONG_REPLACEMENT;
      if (mahjong_wall_remaining (&self->wall) == 0)
        sit.flags |= MCR_WIN_LAST_TILE_DRAW;
    }
  else if (robbing)
    sit.flags |= MCR_WIN_ROBBING_KONG;
  else if (mahjong_wall_remaining (&self->wall) == 0)
    sit.flags |= MCR_WIN_LAST_TILE_CLAIM;
  /* the claimed discard still lies in its discarder's row: do not count it */
  visible = visible_copies (self, seat, win) - (!self_drawn && !robbing ? 1u : 0u);
  if (robbing)
    visible = 3;
  if (visible == 3 && hand->counts[win] == 1)
    sit.flags |= MCR_WIN_LAST_TILE;
  return mcr_score (hand, &sit, res, NULL);
}

static gboolean
can_win (const McrGame *self,
         guint          seat,
         guint          win,
         gboolean       self_drawn,
         gboolean       robbing)
{
  MahjongHand hand;
  McrResult res;

  if (!self_drawn && self->counts[seat][win] >= 4)
    return FALSE;
  return score_win (self, seat, win, self_drawn, robbing, &hand, &res)
         && res.total_without_flowers >= MCR_MIN_FAN;
}

/* ---- the flow of a hand ------------------------------------------------------ */

static void start_hand (McrGame *self, GPtrArray *events);
static void draw_for (McrGame *self, guint seat, gboolean replacement, GPtrArray *events);

static void
end_match_or_next (McrGame   *self,
                   GPtrArray *events)
{
  self->hand_no++;
  self->dealer = (self->dealer + 1) % MCR_N_SEATS;
  if (self->hand_no >= self->n_hands)
    {
      self->phase = PHASE_OVER;
      emit (events, PARLOR_AUDIENCE_ALL,
            g_strdup_printf ("game-over scores=%d,%d,%d,%d", self->scores[0], self->scores[1],
                             self->scores[2], self->scores[3]));
      return;
    }
  start_hand (self, events);
}

static void
reveal_hands (McrGame   *self,
              GPtrArray *events)
{
  for (guint s = 0; s < MCR_N_SEATS; s++)
    {
      GString *h = g_string_new (NULL);

      append_counts (h, self->counts[s]);
      emit (events, PARLOR_AUDIENCE_ALL,
            g_strdup_printf ("reveal seat=%u tiles=%s", s, h->str));
      g_string_free (h, TRUE);
    }
}

static void
exhausted (McrGame   *self,
           GPtrArray *events)
{
  self->hands_drawn++;
  emit (events, PARLOR_AUDIENCE_ALL, g_strdup_printf ("exhausted hand=%u", self->hand_no + 1));
  reveal_hands (self, events);
  end_match_or_next (self, events);
}

static void
win (McrGame   *self,
     guint      seat,
     guint      tile,
     gboolean   self_drawn,
     gboolean   robbing,
     guint      from,
     GPtrArray *events)
{
  MahjongHand hand;
  McrResult res;
  g_autofree char *text = NULL;
  g_autofree char *fans = NULL;
  g_autofree char *fans_esc = NULL;
  int pay[MCR_N_SEATS] = { 0 };
  char buf[3];
  gboolean ok;

  ok = score_win (self, seat, tile, self_drawn, robbing, &hand, &res);
  g_assert (ok);
  text = mahjong_hand_to_string (&hand);
  fans = mcr_result_to_string (&res);
  fans_esc = parlor_line_escape (fans);
  for (guint s = 0; s < MCR_N_SEATS; s++)
    if (s != seat)
      {
        int p = self_drawn || s == from ? 8 + res.total : 8;

        pay[s] = -p;
        pay[seat] += p;
      }
  for (guint s = 0; s < MCR_N_SEATS; s++)
    self->scores[s] += pay[s];
  self->wins[seat]++;
  if (self_drawn)
    self->self_drawn_wins[seat]++;
  else
    self->deal_ins[from]++;
  if (robbing)
    {
      /* the robbed kong goes back to a pung */
      for (guint i = 0; i < self->n_melds[from]; i++)
        if (self->melds[from][i].type == MAHJONG_MELD_KONG
            && self->melds[from][i].source == MAHJONG_MELD_ADDED
            && self->melds[from][i].tile == tile)
          {
            self->melds[from][i].type = MAHJONG_MELD_PUNG;
            self->melds[from][i].source = MAHJONG_MELD_CLAIMED;
          }
    }
  else if (!self_drawn)
    self->n_discards[from]--;
  emit (events, PARLOR_AUDIENCE_ALL,
        g_strdup_printf ("hu seat=%u tile=%s %s%u hand=%s fan=%d fans=%s%s pay=%d,%d,%d,%d "
                         "scores=%d,%d,%d,%d",
                         seat, tile_str (tile, buf), self_drawn ? "self=" : "from=",
                         self_drawn ? 1u : from, text, res.total, fans_esc,
                         robbing ? " robbing=1" : "", pay[0], pay[1], pay[2], pay[3],
                         self->scores[0], self->scores[1], self->scores[2], self->scores[3]));
  if (!self_drawn)
    self->counts[seat][tile]++;
  reveal_hands (self, events);
  end_match_or_next (self, events);
}

/* Sets flowers aside as long as the seat holds one; returns FALSE on an empty wall. */
static gboolean
take_tile (McrGame   *self,
           guint      seat,
           gboolean   replacement,
           guint8    *out,
           GPtrArray *events)
{
  MahjongTile t;

  for (;;)
    {
      gboolean ok = replacement ? mahjong_wall_draw_replacement (&self->wall, &t)
                                : mahjong_wall_draw (&self->wall, &t);
      char buf[3];

      if (!ok)
        return FALSE;
      if (t < MAHJONG_N_KINDS)
        {
          *out = t;
          return TRUE;
        }
      self->flowers[seat]++;
      emit (events, PARLOR_AUDIENCE_ALL,
            g_strdup_printf ("flower seat=%u tile=%s count=%u", seat, tile_str (t, buf),
                             self->flowers[seat]));
      replacement = TRUE;
    }
}

static void
draw_for (McrGame   *self,
          guint      seat,
          gboolean   replacement,
          GPtrArray *events)
{
  guint8 t;
  char buf[3];

  if (!take_tile (self, seat, replacement, &t, events))
    {
      exhausted (self, events);
      return;
    }
  self->counts[seat][t]++;
  self->phase = PHASE_TURN;
  self->turn = seat;
  self->drawn = t;
  self->after_kong = replacement;
  emit (events, PARLOR_AUDIENCE_SEAT (seat),
        g_strdup_printf ("draw seat=%u tile=%s%s wall=%u", seat, tile_str (t, buf),
                         replacement ? " replacement=1" : "", mahjong_wall_remaining (&self->wall)));
  emit (events, all_but (seat),
        g_strdup_printf ("draw seat=%u%s wall=%u", seat, replacement ? " replacement=1" : "",
                         mahjong_wall_remaining (&self->wall)));
}

static void
start_hand (McrGame   *self,
            GPtrArray *events)
{
  static const char winds[] = "ESWN";

  mahjong_wall_init (&self->wall, MAHJONG_TILE_SET_FULL, &self->rng);
  if (self->hand_no == 0 && self->have_first_wall)
    memcpy (self->wall.tiles, self->first_wall, MAHJONG_WALL_MAX);
  memset (self->counts, 0, sizeof self->counts);
  memset (self->n_melds, 0, sizeof self->n_melds);
  memset (self->flowers, 0, sizeof self->flowers);
  memset (self->n_discards, 0, sizeof self->n_discards);
  self->pending = 0;
  self->after_kong = FALSE;

  emit (events, PARLOR_AUDIENCE_ALL,
        g_strdup_printf ("hand number=%u of=%u dealer=%u prevalent=%c", self->hand_no + 1,
                         self->n_hands, self->dealer, winds[self->hand_no / 4 % 4]));
  /* 13 tiles each from the dealer on, flowers replaced after the whole deal */
  for (guint k = 0; k < MCR_N_SEATS; k++)
    {
      guint s = (self->dealer + k) % MCR_N_SEATS;

      for (guint i = 0; i < 13; i++)
        {
          MahjongTile t;

          mahjong_wall_draw (&self->wall, &t);
          if (t < MAHJONG_N_KINDS)
            self->counts[s][t]++;
          else
            {
              self->flowers[s]++;
              emit (events, PARLOR_AUDIENCE_ALL,
                    g_strdup_printf ("flower seat=%u tile=f%u count=%u", s,
                                     (guint) (t - MAHJONG_TILE_FLOWER + 1), self->flowers[s]));
            }
        }
    }
  for (guint k = 0; k < MCR_N_SEATS; k++)
    {
      guint s = (self->dealer + k) % MCR_N_SEATS;
      GString *h;

      while (hand_tiles (self, s) < 13)
        {
          guint8 t;

          if (!take_tile (self, s, TRUE, &t, events))
            g_assert_not_reached ();
          self->counts[s][t]++;
        }
      h = g_string_new (NULL);
      append_counts (h, self->counts[s]);
      emit (events, PARLOR_AUDIENCE_SEAT (s), g_strdup_printf ("deal seat=%u tiles=%s", s, h->str));
      emit (events, all_but (s), g_strdup_printf ("deal seat=%u count=13", s));
      g_string_free (h, TRUE);
    }
  draw_for (self, self->dealer, FALSE, events);
}

static void
open_window (McrGame   *self,
             Phase      phase,
             guint      from,
             guint      tile)
{
  self->phase = phase;
  self->claim_from = from;
  self->claim_tile = (guint8) tile;
  self->pending = all_but (from);
  memset (self->answer, ANSWER_NONE, sizeof self->answer);
}

static void
add_meld (McrGame *self,
          guint    seat,
          guint    type,
          guint    tile,
          guint    source,
          guint    from,
          guint    claimed)
{
  MahjongMeld *m = &self->melds[seat][self->n_melds[seat]++];

  m->type = (guint8) type;
  m->tile = (guint8) tile;
  m->source = (guint8) source;
  m->from = (guint8) (from == MCR_N_SEATS ? 0 : (seat + MCR_N_SEATS - from) % MCR_N_SEATS);
  m->claimed = (guint8) claimed;
}

static void
resolve_claims (McrGame   *self,
                GPtrArray *events)
{
  guint from = self->claim_from, tile = self->claim_tile;
  char buf[3];

  for (guint k = 1; k < MCR_N_SEATS; k++)
    {
      guint s = (from + k) % MCR_N_SEATS;

      if (self->answer[s] == ANSWER_HU)
        {
          win (self, s, tile, FALSE, self->phase == PHASE_ROB, from, events);
          return;
        }
    }
  if (self->phase == PHASE_ROB)
    {
      /* nobody robbed: the kong stands, its owner draws a replacement */
      emit (events, PARLOR_AUDIENCE_ALL,
            g_strdup_printf ("kong seat=%u tile=%s added=1", from, tile_str (tile, buf)));
      draw_for (self, from, TRUE, events);
      return;
    }
  for (guint k = 1; k < MCR_N_SEATS; k++)
    {
      guint s = (from + k) % MCR_N_SEATS;

      if (self->answer[s] == ANSWER_KONG || self->answer[s] == ANSWER_PUNG)
        {
          gboolean kong = self->answer[s] == ANSWER_KONG;

          self->n_discards[from]--;
          self->counts[s][tile] -= kong ? 3 : 2;
          add_meld (self, s, kong ? MAHJONG_MELD_KONG : MAHJONG_MELD_PUNG, tile,
                    MAHJONG_MELD_CLAIMED, from, tile);
          emit (events, PARLOR_AUDIENCE_ALL,
                g_strdup_printf ("%s seat=%u tile=%s from=%u", kong ? "kong" : "pung", s,
                                 tile_str (tile, buf), from));
          if (kong)
            draw_for (self, s, TRUE, events);
          else
            {
              self->phase = PHASE_TURN;
              self->turn = s;
              self->drawn = MAHJONG_NO_TILE;
              self->after_kong = FALSE;
            }
          return;
        }
    }
  {
    guint s = (from + 1) % MCR_N_SEATS;

    if (self->answer[s] == ANSWER_CHOW)
      {
        guint low = self->answer_chow[s];

        self->n_discards[from]--;
        for (guint t = low; t < low + 3; t++)
          if (t != tile)
            self->counts[s][t]--;
        add_meld (self, s, MAHJONG_MELD_CHOW, low, MAHJONG_MELD_CLAIMED, from, tile);
        emit (events, PARLOR_AUDIENCE_ALL,
              g_strdup_printf ("chow seat=%u tile=%s low=%s from=%u", s, tile_str (tile, buf),
                               mahjong_tile_to_string (low, (char[3]) { 0 }), from));
        self->phase = PHASE_TURN;
        self->turn = s;
        self->drawn = MAHJONG_NO_TILE;
        self->after_kong = FALSE;
        return;
      }
  }
  /* everybody passed */
  draw_for (self, (from + 1) % MCR_N_SEATS, FALSE, events);
}

/* ---- legality ------------------------------------------------------------------ */

static gboolean
chow_ok (const McrGame *self,
         guint          seat,
         guint          low)
{
  guint tile = self->claim_tile;

  if (low >= 27 || low % 9 > 6 || tile < low || tile > low + 2)
    return FALSE;
  for (guint t = low; t < low + 3; t++)
    if (t != tile && self->counts[seat][t] == 0)
      return FALSE;
  return TRUE;
}

static gboolean
claim_legal (const McrGame *self,
             guint          seat,
             Answer         answer,
             guint          low,
             GError       **error)
{
  guint tile = self->claim_tile;
  gboolean last = mahjong_wall_remaining (&self->wall) == 0;

  if (answer == ANSWER_PASS)
    return TRUE;
  if (answer == ANSWER_HU)
    {
      if (!can_win (self, seat, tile, FALSE, self->phase == PHASE_ROB))
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("This tile does not complete a winning hand of at least %d fan "
                         "(flowers not counted)"), MCR_MIN_FAN);
          return FALSE;
        }
      return TRUE;
    }
  if (self->phase == PHASE_ROB)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("A tile added to a kong can only be robbed for a win"));
      return FALSE;
    }
  if (last)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The wall is empty: the last discard can only be claimed for a win"));
      return FALSE;
    }
  if (answer == ANSWER_KONG && self->counts[seat][tile] < 3)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("A kong needs three of the tile in your hand"));
      return FALSE;
    }
  if (answer == ANSWER_PUNG && self->counts[seat][tile] < 2)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("A pung needs two of the tile in your hand"));
      return FALSE;
    }
  if (answer == ANSWER_CHOW)
    {
      if (seat != (self->claim_from + 1) % MCR_N_SEATS)
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                               _("You can chow only the discard of the player on your left"));
          return FALSE;
        }
      if (!chow_ok (self, seat, low))
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                               _("You do not hold the two other tiles of that chow"));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
has_pung (const McrGame *self,
          guint          seat,
          guint          tile)
{
  for (guint i = 0; i < self->n_melds[seat]; i++)
    if (self->melds[seat][i].type == MAHJONG_MELD_PUNG && self->melds[seat][i].tile == tile)
      return TRUE;
  return FALSE;
}

static gboolean
kong_legal (const McrGame *self,
            guint          seat,
            guint          tile,
            GError       **error)
{
  if (self->drawn == MAHJONG_NO_TILE)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("After a claim, discard: a kong is declared after a draw"));
      return FALSE;
    }
  if (mahjong_wall_remaining (&self->wall) == 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The wall is empty: no replacement tile for a kong"));
      return FALSE;
    }
  if (self->counts[seat][tile] == 4 || (self->counts[seat][tile] >= 1 && has_pung (self, seat, tile)))
    return TRUE;
  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("A kong needs four of the tile, or one added to your pung"));
  return FALSE;
}

/* ---- the interface ------------------------------------------------------------ */

static const ParlorGameInfo *
mcr_game_get_info (ParlorGame *game)
{
  return &mcr_game_info;
}

static guint
mcr_game_get_n_seats (ParlorGame *game)
{
  return MCR_N_SEATS;
}

static void
mcr_game_start (ParlorGame *game,
                GPtrArray  *events)
{
  McrGame *self = MCR_GAME (game);

  g_return_if_fail (!self->started);

  self->started = TRUE;
  emit (events, PARLOR_AUDIENCE_ALL, g_strdup_printf ("start hands=%u", self->n_hands));
  start_hand (self, events);
}

static guint32
mcr_game_get_waiting (ParlorGame *game)
{
  McrGame *self = MCR_GAME (game);

  if (!self->started || self->phase == PHASE_OVER)
    return 0;
  if (self->phase == PHASE_TURN)
    return PARLOR_AUDIENCE_SEAT (self->turn);
  return self->pending;
}

static gboolean
mcr_game_is_over (ParlorGame *game)
{
  return MCR_GAME (game)->phase == PHASE_OVER;
}

static ParlorPromptKind
mcr_game_get_prompt_kind (ParlorGame *game,
                          guint       seat)
{
  McrGame *self = MCR_GAME (game);

  return self->phase == PHASE_CLAIM || self->phase == PHASE_ROB ? PARLOR_PROMPT_CLAIM
                                                                  : PARLOR_PROMPT_TURN;
}

static GPtrArray *
mcr_game_legal_actions (ParlorGame *game,
                        guint       seat)
{
  McrGame *self = MCR_GAME (game);
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  char buf[3];

  if (!parlor_game_is_waiting_for (game, seat))
    return actions;
  if (self->phase == PHASE_TURN)
    {
      if (self->drawn != MAHJONG_NO_TILE && can_win (self, seat, self->drawn, TRUE, FALSE))
        g_ptr_array_add (actions, g_strdup ("hu"));
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        if (self->counts[seat][t] > 0 && kong_legal (self, seat, t, NULL))
          g_ptr_array_add (actions, g_strdup_printf ("kong tile=%s", tile_str (t, buf)));
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        if (self->counts[seat][t] > 0)
          g_ptr_array_add (actions, g_strdup_printf ("discard tile=%s", tile_str (t, buf)));
      return actions;
    }
  g_ptr_array_add (actions, g_strdup ("pass"));
  if (claim_legal (self, seat, ANSWER_HU, 0, NULL))
    g_ptr_array_add (actions, g_strdup ("hu"));
  if (claim_legal (self, seat, ANSWER_KONG, 0, NULL))
    g_ptr_array_add (actions, g_strdup ("kong"));
  if (claim_legal (self, seat, ANSWER_PUNG, 0, NULL))
    g_ptr_array_add (actions, g_strdup ("pung"));
  for (guint low = 0; low < 27; low++)
    if (claim_legal (self, seat, ANSWER_CHOW, low, NULL))
      g_ptr_array_add (actions, g_strdup_printf ("chow tile=%s", tile_str (low, buf)));
  return actions;
}

static gboolean
read_tile (const ParlorLine *line,
           guint            *tile,
           GError          **error)
{
  const char *text = parlor_line_get (line, "tile");

  *tile = text != NULL ? mahjong_tile_from_string (text) : MAHJONG_NO_TILE;
  if (*tile >= MAHJONG_N_KINDS)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                           _("Name a tile, e.g. “tile=5p” or “tile=E”"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
apply_turn (McrGame     *self,
            guint        seat,
            const char  *type,
            ParlorLine  *line,
            GPtrArray   *events,
            GError     **error)
{
  guint tile;
  char buf[3];

  if (g_str_equal (type, "hu"))
    {
      if (self->drawn == MAHJONG_NO_TILE || !can_win (self, seat, self->drawn, TRUE, FALSE))
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("This is not a winning hand of at least %d fan (flowers not counted)"),
                       MCR_MIN_FAN);
          return FALSE;
        }
      win (self, seat, self->drawn, TRUE, FALSE, seat, events);
      return TRUE;
    }
  if (g_str_equal (type, "discard"))
    {
      if (!read_tile (line, &tile, error))
        return FALSE;
      if (self->counts[seat][tile] == 0)
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                       _("You do not hold %s"), tile_str (tile, buf));
          return FALSE;
        }
      self->counts[seat][tile]--;
      self->discards[seat][self->n_discards[seat]++] = (guint8) tile;
      self->after_kong = FALSE;
      self->drawn = MAHJONG_NO_TILE;
      emit (events, PARLOR_AUDIENCE_ALL,
            g_strdup_printf ("discard seat=%u tile=%s", seat, tile_str (tile, buf)));
      open_window (self, PHASE_CLAIM, seat, tile);
      return TRUE;
    }
  if (g_str_equal (type, "kong"))
    {
      if (!read_tile (line, &tile, error) || !kong_legal (self, seat, tile, error))
        return FALSE;
      if (self->counts[seat][tile] == 4)
        {
          self->counts[seat][tile] = 0;
          add_meld (self, seat, MAHJONG_MELD_KONG, tile, MAHJONG_MELD_CONCEALED, MCR_N_SEATS,
                    MAHJONG_NO_TILE);
          emit (events, PARLOR_AUDIENCE_SEAT (seat),
                g_strdup_printf ("kong seat=%u tile=%s concealed=1", seat, tile_str (tile, buf)));
          emit (events, all_but (seat), g_strdup_printf ("kong seat=%u concealed=1", seat));
          draw_for (self, seat, TRUE, events);
          return TRUE;
        }
      /* an added kong: the others may rob it first */
      self->counts[seat][tile]--;
      for (guint i = 0; i < self->n_melds[seat]; i++)
        if (self->melds[seat][i].type == MAHJONG_MELD_PUNG && self->melds[seat][i].tile == tile)
          {
            self->melds[seat][i].type = MAHJONG_MELD_KONG;
            self->melds[seat][i].source = MAHJONG_MELD_ADDED;
          }
      self->drawn = MAHJONG_NO_TILE;
      emit (events, PARLOR_AUDIENCE_ALL,
            g_strdup_printf ("add-kong seat=%u tile=%s", seat, tile_str (tile, buf)));
      open_window (self, PHASE_ROB, seat, tile);
      return TRUE;
    }
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("On your turn: “discard tile=…”, “kong tile=…” or “hu”, not “%s”"), type);
  return FALSE;
}

static gboolean
apply_claim (McrGame     *self,
             guint        seat,
             const char  *type,
             ParlorLine  *line,
             GPtrArray   *events,
             GError     **error)
{
  Answer a;
  guint low = 0;

  if (g_str_equal (type, "pass"))
    a = ANSWER_PASS;
  else if (g_str_equal (type, "hu"))
    a = ANSWER_HU;
  else if (g_str_equal (type, "kong"))
    a = ANSWER_KONG;
  else if (g_str_equal (type, "pung"))
    a = ANSWER_PUNG;
  else if (g_str_equal (type, "chow"))
    {
      a = ANSWER_CHOW;
      if (!read_tile (line, &low, error))
        return FALSE;
    }
  else
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                   _("Answer the discard with “pass”, “chow tile=…”, “pung”, “kong” or “hu”, "
                     "not “%s”"), type);
      return FALSE;
    }
  if (!claim_legal (self, seat, a, low, error))
    return FALSE;
  self->answer[seat] = (guint8) a;
  self->answer_chow[seat] = (guint8) low;
  self->pending &= ~PARLOR_AUDIENCE_SEAT (seat);
  emit (events, PARLOR_AUDIENCE_SEAT (seat), g_strdup_printf ("answered seat=%u", seat));
  if (self->pending == 0)
    resolve_claims (self, events);
  return TRUE;
}

static gboolean
mcr_game_apply (ParlorGame  *game,
                guint        seat,
                const char  *action,
                GPtrArray   *events,
                GError     **error)
{
  McrGame *self = MCR_GAME (game);
  g_autoptr(ParlorLine) line = NULL;
  g_autoptr(GError) local_error = NULL;

  if (!self->started || self->phase == PHASE_OVER)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("The match is not being played"));
      return FALSE;
    }
  if (seat >= MCR_N_SEATS || !(mcr_game_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }
  line = parlor_line_parse (action, &local_error);
  if (line == NULL)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                   _("Unreadable action: %s"), local_error->message);
      return FALSE;
    }
  if (self->phase == PHASE_TURN)
    return apply_turn (self, seat, parlor_line_get_type (line), line, events, error);
  return apply_claim (self, seat, parlor_line_get_type (line), line, events, error);
}

static char *
mcr_game_view_for (ParlorGame *game,
                   int         seat)
{
  McrGame *self = MCR_GAME (game);
  static const char winds[] = "ESWN";
  GString *s = g_string_new ("view");
  char buf[3];

  if (seat < 0 || seat >= MCR_N_SEATS)
    seat = -1;
  g_string_append_printf (s, " seat=%d hand=%u of=%u dealer=%u prevalent=%c wall=%u",
                          seat, MIN (self->hand_no + 1, self->n_hands), self->n_hands,
                          self->dealer, winds[MIN (self->hand_no, self->n_hands - 1) / 4 % 4],
                          mahjong_wall_remaining (&self->wall));
  g_string_append_printf (s, " scores=%d,%d,%d,%d flowers=%u,%u,%u,%u", self->scores[0],
                          self->scores[1], self->scores[2], self->scores[3], self->flowers[0],
                          self->flowers[1], self->flowers[2], self->flowers[3]);
  if (self->phase == PHASE_OVER)
    g_string_append (s, " phase=over");
  else if (self->phase == PHASE_TURN)
    g_string_append_printf (s, " phase=turn turn=%u", self->turn);
  else
    g_string_append_printf (s, " phase=%s from=%u tile=%s",
                            self->phase == PHASE_ROB ? "rob" : "claim", self->claim_from,
                            tile_str (self->claim_tile, buf));
  for (guint p = 0; p < MCR_N_SEATS; p++)
    {
      g_string_append_printf (s, " d%u=", p);
      for (guint i = 0; i < self->n_discards[p]; i++)
        g_string_append (s, tile_str (self->discards[p][i], buf));
      if (self->n_discards[p] == 0)
        g_string_append (s, "-");
      g_string_append_printf (s, " m%u=", p);
      for (guint i = 0; i < self->n_melds[p]; i++)
        {
          if (i > 0)
            g_string_append_c (s, ',');
          append_meld (s, &self->melds[p][i], (int) p != seat);
        }
      if (self->n_melds[p] == 0)
        g_string_append (s, "-");
      g_string_append_printf (s, " n%u=%u", p, hand_tiles (self, p));
    }
  if (seat >= 0)
    {
      g_string_append (s, " mine=");
      append_counts (s, self->counts[seat]);
      if (self->phase == PHASE_TURN && self->turn == (guint) seat && self->drawn != MAHJONG_NO_TILE)
        g_string_append_printf (s, " drawn=%s%s", tile_str (self->drawn, buf),
                                self->after_kong ? " replacement=1" : "");
      if (self->phase != PHASE_OVER && (mcr_game_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
        {
          g_autoptr(GPtrArray) actions = mcr_game_legal_actions (game, (guint) seat);
          g_autofree char *value = mcr_view_actions_value ((const char * const *) actions->pdata,
                                                           actions->len);

          g_string_append (s, self->phase == PHASE_TURN ? " ask=turn" : " ask=claim");
          g_string_append_printf (s, " actions=%s", value);
        }
    }
  return g_string_free (s, FALSE);
}

static char *
mcr_game_get_result (ParlorGame *game)
{
  McrGame *self = MCR_GAME (game);
  int ranks[MCR_N_SEATS];

  if (self->phase != PHASE_OVER)
    return NULL;
  for (guint s = 0; s < MCR_N_SEATS; s++)
    {
      ranks[s] = 1;
      for (guint o = 0; o < MCR_N_SEATS; o++)
        ranks[s] += self->scores[o] > self->scores[s];
    }
  return g_strdup_printf ("result scores=%d,%d,%d,%d ranks=%d,%d,%d,%d wins=%u,%u,%u,%u "
                          "deal_ins=%u,%u,%u,%u self_drawn=%u,%u,%u,%u drawn=%u hands=%u",
                          self->scores[0], self->scores[1], self->scores[2], self->scores[3],
                          ranks[0], ranks[1], ranks[2], ranks[3], self->wins[0], self->wins[1],
                          self->wins[2], self->wins[3], self->deal_ins[0], self->deal_ins[1],
                          self->deal_ins[2], self->deal_ins[3], self->self_drawn_wins[0],
                          self->self_drawn_wins[1], self->self_drawn_wins[2],
                          self->self_drawn_wins[3], self->hands_drawn, self->n_hands);
}

static char *
mcr_game_default_action (ParlorGame *game,
                         guint       seat,
                         ParlorRng  *rng)
{
  McrGame *self = MCR_GAME (game);
  char buf[3];

  if (!parlor_game_is_waiting_for (game, seat))
    return NULL;
  if (self->phase != PHASE_TURN)
    return g_strdup ("pass");
  if (self->drawn != MAHJONG_NO_TILE)
    return g_strdup_printf ("discard tile=%s", tile_str (self->drawn, buf));
  /* after a claim: the last tile of the sorted hand */
  for (int t = MAHJONG_N_KINDS - 1; t >= 0; t--)
    if (self->counts[seat][t] > 0)
      return g_strdup_printf ("discard tile=%s", tile_str ((guint) t, buf));
  return NULL;
}

static void
mcr_game_iface_init (ParlorGameInterface *iface)
{
  iface->get_info = mcr_game_get_info;
  iface->get_n_seats = mcr_game_get_n_seats;
  iface->start = mcr_game_start;
  iface->get_waiting = mcr_game_get_waiting;
  iface->is_over = mcr_game_is_over;
  iface->legal_actions = mcr_game_legal_actions;
  iface->apply = mcr_game_apply;
  iface->view_for = mcr_game_view_for;
  iface->get_result = mcr_game_get_result;
  iface->get_prompt_kind = mcr_game_get_prompt_kind;
  iface->default_action = mcr_game_default_action;
}

static ParlorGame *
mcr_info_new_game (const char  *config,
                   guint64      seed,
                   GError     **error)
{
  guint n_hands = 16;

  if (config != NULL && *config != '\0')
    {
      if (g_str_equal (config, "hands=16"))
        n_hands = 16;
      else if (g_str_equal (config, "hands=1"))
        n_hands = 1;
      else
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                       _("Chinese Official mahjong takes “hands=16” or “hands=1”, not “%s”"),
                       config);
          return NULL;
        }
    }
  return PARLOR_GAME (mcr_game_new (n_hands, seed));
}

/* ---- describe ------------------------------------------------------------------ */

static const char *
seat_word (const char * const *names,
           const char          *value,
           char                 buf[16])
{
  guint64 seat;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, MCR_N_SEATS - 1, &seat, NULL))
    return _("Someone");
  if (names != NULL)
    {
      for (guint64 i = 0; i <= seat; i++)
        if (names[i] == NULL)
          goto fallback;
      return names[seat];
    }
fallback:
  g_snprintf (buf, 16, _("Seat %u"), (guint) seat + 1);
  return buf;
}

/* "5m" → "5 of characters", "f2" → "Flower 2"; the text itself if it is no tile. */
static char *
tile_words (const char *text)
{
  guint tile;

  if (text == NULL || *text == '\0')
    return g_strdup ("");
  if (text[0] == 'f' && text[1] >= '1' && text[1] <= '8' && text[2] == '\0')
    tile = MAHJONG_TILE_FLOWER + (guint) (text[1] - '1');
  else
    tile = mahjong_tile_from_string (text);
  if (tile == MAHJONG_NO_TILE)
    return g_strdup (text);
  return mahjong_tile_name (tile);
}

static const char *
wind_word (const char *letter)
{
  switch (letter != NULL ? letter[0] : '\0')
    {
    case 'E': return _("East");
    case 'S': return _("South");
    case 'W': return _("West");
    case 'N': return _("North");
    default: return "?";
    }
}

/* The viewer's own seat is named "": its lines speak to them ("You discard …"). */
static char *
mcr_info_describe (const char         *text,
                   const char * const *names)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (text, NULL);
  g_autofree char *tile = NULL;
  const char *type, *who, *from;
  char wb[16], fb[16];
  gboolean you;

  if (line == NULL)
    return g_strdup (text);
  type = parlor_line_get_type (line);
  who = seat_word (names, parlor_line_get (line, "seat"), wb);
  from = seat_word (names, parlor_line_get (line, "from"), fb);
  you = parlor_line_has (line, "seat") && *who == '\0';
  tile = tile_words (parlor_line_get (line, "tile"));

  if (g_str_equal (type, "start"))
    return g_strdup_printf (_("A match of %s hands begins"), parlor_line_get (line, "hands"));
  if (g_str_equal (type, "hand"))
    {
      const char *dealer = seat_word (names, parlor_line_get (line, "dealer"), fb);

      if (*dealer == '\0')
        return g_strdup_printf (_("Hand %s of %s: you deal; the prevalent wind is %s"),
                                parlor_line_get (line, "number"), parlor_line_get (line, "of"),
                                wind_word (parlor_line_get (line, "prevalent")));
      return g_strdup_printf (_("Hand %s of %s: %s deals; the prevalent wind is %s"),
                              parlor_line_get (line, "number"), parlor_line_get (line, "of"),
                              dealer, wind_word (parlor_line_get (line, "prevalent")));
    }
  if (g_str_equal (type, "deal"))
    return you ? g_strdup (_("You are dealt your tiles"))
               : g_strdup_printf (_("%s is dealt their tiles"), who);
  if (g_str_equal (type, "flower"))
    {
      if (you)
        return g_strdup_printf (_("You set %s aside and draw a replacement"), tile);
      return *tile != '\0' ? g_strdup_printf (_("%s sets %s aside and draws a replacement"), who, tile)
                           : g_strdup_printf (_("%s sets a flower aside and draws a replacement"), who);
    }
  if (g_str_equal (type, "draw"))
    {
      if (you)
        return *tile != '\0' ? g_strdup_printf (_("You draw %s"), tile) : g_strdup (_("You draw a tile"));
      return *tile != '\0' ? g_strdup_printf (_("%s draws %s"), who, tile)
                           : g_strdup_printf (_("%s draws a tile"), who);
    }
  if (g_str_equal (type, "discard"))
    return you ? g_strdup_printf (_("You discard %s"), tile)
               : g_strdup_printf (_("%s discards %s"), who, tile);
  if (g_str_equal (type, "answered"))
    return g_strdup_printf (_("%s has answered the discard"), who);
  if (g_str_equal (type, "chow"))
    return you ? g_strdup_printf (_("You chow %s"), tile)
               : g_strdup_printf (_("%s chows %s"), who, tile);
  if (g_str_equal (type, "pung"))
    return you ? g_strdup_printf (_("You pung %s"), tile)
               : g_strdup_printf (_("%s pungs %s"), who, tile);
  if (g_str_equal (type, "kong") && (parlor_line_has (line, "concealed") || *tile == '\0'))
    return you ? g_strdup (_("You declare a concealed kong"))
               : g_strdup_printf (_("%s declares a concealed kong"), who);
  if (g_str_equal (type, "kong") || g_str_equal (type, "add-kong"))
    {
      if (g_str_equal (type, "add-kong") || parlor_line_has (line, "added"))
        return you ? g_strdup_printf (_("You add %s to a pung"), tile)
                   : g_strdup_printf (_("%s adds %s to a pung"), who, tile);
      return you ? g_strdup_printf (_("You declare a kong of %s"), tile)
                 : g_strdup_printf (_("%s declares a kong of %s"), who, tile);
    }
  if (g_str_equal (type, "hu"))
    {
      const char *fan = parlor_line_get (line, "fan");

      if (parlor_line_has (line, "self"))
        return you ? g_strdup_printf (_("You win by self-draw on %s: %s fan"), tile, fan)
                   : g_strdup_printf (_("%s wins by self-draw on %s: %s fan"), who, tile, fan);
      if (you)
        return g_strdup_printf (_("You win on %s from %s: %s fan"), tile, from, fan);
      if (*from == '\0')
        return g_strdup_printf (_("%s wins on your %s: %s fan"), who, tile, fan);
      return g_strdup_printf (_("%s wins on %s from %s: %s fan"), who, tile, from, fan);
    }
  if (g_str_equal (type, "reveal"))
    {
      g_autofree char *tiles = parlor_words_list (parlor_line_get (line, "tiles"), tile_words);

      return you ? g_strdup_printf (_("You show %s"), tiles)
                 : g_strdup_printf (_("%s shows %s"), who, tiles);
    }
  if (g_str_equal (type, "exhausted"))
    return g_strdup (_("The wall is exhausted: a drawn hand, nobody pays"));
  if (g_str_equal (type, "game-over") || g_str_equal (type, "result"))
    {
      g_auto(GStrv) scores = g_strsplit (parlor_line_has (line, "scores")
                                         ? parlor_line_get (line, "scores") : "", ",", -1);
      GString *out = g_string_new (NULL);

      for (guint s = 0; s < MCR_N_SEATS && scores[s] != NULL; s++)
        {
          g_autofree char *seat = g_strdup_printf ("%u", s);
          const char *name = seat_word (names, seat, wb);

          if (s > 0)
            g_string_append (out, _(", "));
          /* Translators: one player's final score in the list after a match, e.g. "Ann 24" */
          g_string_append_printf (out, _("%s %s"), *name != '\0' ? name : _("you"), scores[s]);
        }
      {
        g_autofree char *list = g_string_free (out, FALSE);

        return g_strdup_printf (_("The match is over. Scores: %s"), list);
      }
    }
  if (g_str_equal (type, "pass"))
    return g_strdup (_("Pass"));
  return g_strdup (text);
}

static const char * const ai_levels[] = { "1", "2", "3", "4", NULL };

const ParlorGameInfo mcr_game_info = {
  .id = "mcr",
  .name = N_("Chinese Official Mahjong"),
  .min_seats = MCR_N_SEATS,
  .max_seats = MCR_N_SEATS,
  .ai_levels = ai_levels,
  .new_game = mcr_info_new_game,
  .ai_choose = mcr_ai_choose,
  .describe = mcr_info_describe,
  .review_cost = mcr_ai_review_cost,
  .hint_notes = mcr_hint_notes,
  .describe_move = mcr_hint_describe,
};
