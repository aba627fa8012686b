/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-jihai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "jihai-ai.h"
#include "jihai-game.h"
#include "jihai-hint.h"
#include "mahjong-claim.h"
#include "mahjong-tile.h"
#include "mahjong-wall.h"
#include "parlor-line.h"

#define START_POINTS 15

typedef enum
{
  PHASE_IDLE,    /* before start() */
  PHASE_TURN,    /* `turn` draws… discards */
  PHASE_CLAIM,   /* the other seat may claim `claim_tile`, discarded by `turn` */
  PHASE_ROB,     /* the other seat may rob `turn`'s concealed kong of `claim_tile` */
  PHASE_OVER,
} Phase;

struct _JihaiGame
{
  GObject     parent_instance;

  ParlorRng   rng;
  int         first;              /* config: 0, 1 or -1 random */
  gboolean    rigged;
  guint8      rigged_tiles[JIHAI_N_TILES];

  int         score[2];
  guint       hand_no;
  guint       starter;
  int         winner;             /* of the match, -1 before the end */

  /* the hand */
  MahjongWall wall;
  guint8      counts[2][JIHAI_N_KINDS];
  JihaiMeld   melds[2][JIHAI_MAX_MELDS];
  guint8      n_melds[2];
  guint8      discards[2][JIHAI_ROW_MAX];
  guint8      n_discards[2];
  guint       discarded[2];       /* kinds discarded this hand (the ron ban) */
  guint       n_thrown[2];        /* discards made this hand, called ones included */
  guint       n_draws[2];         /* wall draws this hand, replacements not included */
  guint       n_calls;            /* pungs and kongs of either seat this hand */
  Phase       phase;
  guint       turn;
  guint8      drawn;              /* the tile drawn this turn, JIHAI_NO_KIND after a pung */
  gboolean    drawn_replacement;
  guint8      claim_tile;
  MahjongClaimWindow claim;       /* asks the other seat in PHASE_CLAIM and PHASE_ROB */
  gboolean    claim_last;         /* the discard came after the last wall tile */
  gboolean    claim_first;        /* the starter's first discard, before any call */
};

static void jihai_game_iface_init (ParlorGameInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (JihaiGame, jihai_game, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME, jihai_game_iface_init))

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const ai_levels[] = { "random", "normal", "strong", NULL };

static gboolean
check_draws (const char * const *events,
             guint               n_events,
             guint              *failed,
             GError            **error)
{
  return mahjong_wall_check_events (&jihai_wall_rules, events, n_events, failed, error);
}

/* Version 3 added each hand's wall. */
static gboolean
unrecorded_event (const char *line,
                  guint       version)
{
  return version < 3 && g_str_has_prefix (line, "wall ");
}

static char *jihai_describe (const char         *line,
                             const char * const *seat_names);

static ParlorGame *
new_game (const char  *config,
          guint64      seed,
          GError     **error)
{
  return (ParlorGame *) jihai_game_new (config, seed, error);
}

const ParlorGameInfo jihai_game_info = {
  .id = "jihai",
  .name = N_("Honor-tile mahjong"),
  .min_seats = 2,
  .max_seats = 2,
  .ai_levels = ai_levels,
  .new_game = new_game,
  .ai_choose = jihai_ai_choose,
  .describe = jihai_describe,
  .review_cost = jihai_ai_review_cost,
  .hint_notes = jihai_hint_notes,
  .describe_move = jihai_hint_describe,
  /* 2: every discard opens a window for every other seat; 3: each hand's wall */
  .replay_version = 3,
  .answers_recorded_since = 2,
  .unrecorded_event = unrecorded_event,
  .check_draws = check_draws,
};

static void
jihai_game_class_init (JihaiGameClass *klass)
{
  /* After the start and after every accepted action. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
jihai_game_init (JihaiGame *self)
{
  self->winner = -1;
  self->score[0] = self->score[1] = START_POINTS;
  self->drawn = JIHAI_NO_KIND;
  self->claim_tile = JIHAI_NO_KIND;
}

static gboolean
config_parse (const char  *text,
              int         *first,
              GError     **error)
{
  g_auto(GStrv) words = g_strsplit_set (text != NULL ? text : "", " \t", -1);

  *first = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (g_str_equal (words[i], "first=0") || g_str_equal (words[i], "first=1"))
        *first = words[i][6] - '0';
      else if (g_str_equal (words[i], "first=random"))
        *first = -1;
      else
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                       _("Unknown game option “%s” (the only one is first=0, 1 or random)"),
                       words[i]);
          return FALSE;
        }
    }
  return TRUE;
}

JihaiGame *
jihai_game_new_with_tiles (const char   *config,
                           guint64       seed,
                           const guint8 *tiles,
                           GError      **error)
{
  JihaiGame *self;
  int first;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!config_parse (config, &first, error))
    return NULL;
  if (tiles != NULL)
    {
      guint8 n[JIHAI_N_KINDS] = { 0 };

      for (guint i = 0; i < JIHAI_N_TILES; i++)
        if (tiles[i] >= JIHAI_N_KINDS || ++n[tiles[i]] > 4)
          {
            g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                                 _("A honor-tile deal holds four of each of the seven kinds"));
            return NULL;
          }
    }

  self = g_object_new (JIHAI_TYPE_GAME, NULL);
  self->first = first;
  parlor_rng_init (&self->rng, seed, 0x6a69686169 /* "jihai" */);
  self->starter = first >= 0 ? (guint) first : parlor_rng_below (&self->rng, 2);
  if (tiles != NULL)
    {
      self->rigged = TRUE;
      memcpy (self->rigged_tiles, tiles, JIHAI_N_TILES);
    }
  return self;
}

JihaiGame *
jihai_game_new (const char  *config,
                guint64      seed,
                GError     **error)
{
  return jihai_game_new_with_tiles (config, seed, NULL, error);
}

/* Rules helpers */

static void
hand_of (JihaiGame *self,
         guint      seat,
         guint8     extra,
         guint8     win,
         JihaiHand *hand)
{
  memset (hand, 0, sizeof *hand);
  memcpy (hand->counts, self->counts[seat], sizeof hand->counts);
  if (extra != JIHAI_NO_KIND)
    hand->counts[extra]++;
  memcpy (hand->melds, self->melds[seat], sizeof hand->melds);
  hand->n_melds = self->n_melds[seat];
  hand->win = win;
}

static guint
tsumo_flags (JihaiGame *self,
             guint      seat)
{
  guint flags = 0;
  gboolean first_draw = self->n_draws[seat] == 1 && !self->drawn_replacement && self->n_calls == 0;

  if (first_draw)
    flags |= seat == self->starter ? JIHAI_FLAG_HEAVENLY : JIHAI_FLAG_EARTHLY;
  if (mahjong_wall_remaining (&self->wall) == 0)
    flags |= JIHAI_FLAG_LAST_DRAW;
  if (self->drawn_replacement)
    flags |= JIHAI_FLAG_DEAD_WALL_DRAW;
  return flags;
}

static void
score_tsumo (JihaiGame  *self,
             guint       seat,
             JihaiScore *score)
{
  JihaiHand hand;

  hand_of (self, seat, JIHAI_NO_KIND, self->drawn, &hand);
  jihai_score (&hand, JIHAI_WIN_TSUMO, tsumo_flags (self, seat), self->discarded[seat], score);
}

static guint
ron_flags (JihaiGame *self)
{
  if (self->phase == PHASE_ROB)
    return JIHAI_FLAG_ROBBING_QUAD;
  return (self->claim_first ? JIHAI_FLAG_HAND_OF_MAN : 0)
         | (self->claim_last ? JIHAI_FLAG_LAST_DISCARD : 0);
}

static void
score_ron (JihaiGame  *self,
           guint       seat,
           JihaiScore *score)
{
  JihaiHand hand;

  hand_of (self, seat, self->claim_tile, self->claim_tile, &hand);
  jihai_score (&hand, JIHAI_WIN_RON, ron_flags (self), self->discarded[seat], score);
  /* A concealed kong can be robbed only to complete Seven orphans. */
  if (self->phase == PHASE_ROB && score->shape != JIHAI_SHAPE_C)
    score->can_win = FALSE;
}

/* The claim tile would complete @seat's hand, but @seat discarded its kind
 * earlier in the hand: told to that seat alone, so that it knows why it is
 * not asked. */
static gboolean
ron_barred (JihaiGame *self,
            guint      seat)
{
  JihaiScore score;

  if (!(self->discarded[seat] & (1u << self->claim_tile)))
    return FALSE;
  score_ron (self, seat, &score);
  return score.status == JIHAI_STATUS_ILLEGAL_RON;
}

static void
options_for (JihaiGame    *self,
             guint         seat,
             JihaiOptions *o)
{
  guint wall = mahjong_wall_remaining (&self->wall);
  JihaiScore score;

  memset (o, 0, sizeof *o);
  if (seat > 1)
    return;
  switch (self->phase)
    {
    case PHASE_TURN:
      if (seat != self->turn)
        return;
      o->can |= JIHAI_CAN_DISCARD;
      if (self->drawn == JIHAI_NO_KIND)
        return;   /* after a pung: discard at once */
      score_tsumo (self, seat, &score);
      if (score.can_win)
        o->can |= JIHAI_CAN_TSUMO;
      if (wall == 0)
        return;
      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        if (self->counts[seat][k] == 4)
          o->ckong |= 1u << k;
      for (guint i = 0; i < self->n_melds[seat]; i++)
        if (self->melds[seat][i].type == JIHAI_MELD_PUNG
            && self->counts[seat][self->melds[seat][i].kind] > 0)
          o->akong |= 1u << self->melds[seat][i].kind;
      break;
    case PHASE_CLAIM:
    case PHASE_ROB:
      if (seat == self->turn)
        return;
      score_ron (self, seat, &score);
      if (score.can_win)
        o->can |= JIHAI_CAN_RON;
      if (self->phase == PHASE_CLAIM && wall > 0)
        {
          if (self->counts[seat][self->claim_tile] >= 2)
            o->can |= JIHAI_CAN_PUNG;
          if (self->counts[seat][self->claim_tile] == 3)
            o->can |= JIHAI_CAN_KONG;
        }
      /* Every window asks the other seat, whatever it holds: pass is
       * always legal, and alone when it has nothing to claim (the table
       * then answers for it, parlor_game_get_automatic_action). */
      o->can |= JIHAI_CAN_PASS;
      break;
    case PHASE_IDLE:
    case PHASE_OVER:
    default:
      break;
    }
}

/* Events */

static void add_event (GPtrArray  *events,
                       guint32     audience,
                       const char *format,
                       ...) G_GNUC_PRINTF (3, 4);

static void
add_event (GPtrArray  *events,
           guint32     audience,
           const char *format,
           ...)
{
  va_list args;
  char *line;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (events, parlor_event_new_take (audience, line));
}

static char *
counts_string (const guint8 counts[JIHAI_N_KINDS])
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    for (guint n = 0; n < counts[k]; n++)
      g_string_append_c (out, jihai_kind_letter (k));
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

static char *
melds_string (const JihaiMeld *melds,
              guint            n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      char buf[7];

      g_string_append_printf (out, "%s%s", i > 0 ? "," : "", jihai_meld_format (&melds[i], buf));
    }
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

static void start_hand (JihaiGame *self,
                        GPtrArray *events);

static void
next_hand (JihaiGame *self,
           GPtrArray *events)
{
  if (self->score[0] <= 0 || self->score[1] <= 0)
    {
      self->winner = self->score[0] <= 0 ? 1 : 0;
      self->phase = PHASE_OVER;
      add_event (events, PARLOR_AUDIENCE_ALL, "match-over winner=%d score0=%d score1=%d hands=%u",
                 self->winner, self->score[0], self->score[1], self->hand_no);
      return;
    }
  start_hand (self, events);
}

static void
end_with_draw (JihaiGame *self,
               GPtrArray *events)
{
  add_event (events, PARLOR_AUDIENCE_ALL, "hand-over result=draw score0=%d score1=%d",
             self->score[0], self->score[1]);
  /* The player who started second starts the next hand. */
  self->starter = 1 - self->starter;
  next_hand (self, events);
}

static void
end_with_win (JihaiGame        *self,
              guint             seat,
              JihaiWinWay       way,
              guint8            tile,
              const JihaiScore *score,
              GPtrArray        *events)
{
  static const char shapes[] = "-ABC";
  GString *lines = g_string_new (NULL);
  g_autofree char *melds = melds_string (self->melds[seat], self->n_melds[seat]);
  g_autofree char *tiles = NULL;
  g_autofree char *lines_text = NULL;
  guint8 counts[JIHAI_N_KINDS];

  memcpy (counts, self->counts[seat], sizeof counts);
  if (way == JIHAI_WIN_RON)
    counts[tile]++;
  tiles = counts_string (counts);
  for (guint i = 0; i < JIHAI_N_LINES; i++)
    if (score->points[i] > 0)
      g_string_append_printf (lines, "%s%s:%u", lines->len > 0 ? "," : "",
                              jihai_line_id ((JihaiLine) i), score->points[i]);
  lines_text = g_string_free (lines, FALSE);

  if (way == JIHAI_WIN_RON)
    add_event (events, PARLOR_AUDIENCE_ALL,
               "win seat=%u way=ron tile=%c shape=%c lines=%s points=%d melds=%s tiles=%s from=%u",
               seat, jihai_kind_letter (tile), shapes[score->shape], lines_text, score->total,
               melds, tiles, 1 - seat);
  else
    add_event (events, PARLOR_AUDIENCE_ALL,
               "win seat=%u way=tsumo tile=%c shape=%c lines=%s points=%d melds=%s tiles=%s",
               seat, jihai_kind_letter (tile), shapes[score->shape], lines_text, score->total,
               melds, tiles);
  self->score[seat] += score->total;
  self->score[1 - seat] -= score->total;
  add_event (events, PARLOR_AUDIENCE_ALL,
             "hand-over result=win winner=%u points=%d score0=%d score1=%d",
             seat, score->total, self->score[0], self->score[1]);
  self->starter = seat;
  next_hand (self, events);
}

/* Draws for @seat (from the end of the wall for a replacement); a wall draw
 * from an empty wall ends the hand drawn. */
static void
draw_for (JihaiGame *self,
          guint      seat,
          gboolean   replacement,
          GPtrArray *events)
{
  MahjongTile tile;
  guint8 kind;
  gboolean ok;

  ok = replacement ? mahjong_wall_draw_replacement (&self->wall, &tile)
                   : mahjong_wall_draw (&self->wall, &tile);
  if (!ok)
    {
      g_assert (!replacement);
      end_with_draw (self, events);
      return;
    }
  kind = (guint8) (MAHJONG_TILE_KIND (tile) - MAHJONG_TILE_EAST);
  self->counts[seat][kind]++;
  if (!replacement)
    self->n_draws[seat]++;
  self->phase = PHASE_TURN;
  self->turn = seat;
  self->drawn = kind;
  self->drawn_replacement = replacement;
  self->claim_tile = JIHAI_NO_KIND;
  add_event (events, PARLOR_AUDIENCE_SEAT (seat), "draw seat=%u tile=%c%s", seat,
             jihai_kind_letter (kind), replacement ? " replacement=1" : "");
  add_event (events, PARLOR_AUDIENCE_ALL & ~PARLOR_AUDIENCE_SEAT (seat), "draw seat=%u%s", seat,
             replacement ? " replacement=1" : "");
}

static void
start_hand (JihaiGame *self,
            GPtrArray *events)
{
  guint order[2] = { self->starter, 1 - self->starter };

  self->hand_no++;
  memset (self->counts, 0, sizeof self->counts);
  memset (self->n_melds, 0, sizeof self->n_melds);
  memset (self->n_discards, 0, sizeof self->n_discards);
  memset (self->discarded, 0, sizeof self->discarded);
  memset (self->n_thrown, 0, sizeof self->n_thrown);
  memset (self->n_draws, 0, sizeof self->n_draws);
  self->n_calls = 0;
  self->claim_first = self->claim_last = FALSE;

  if (self->rigged && self->hand_no == 1)
    {
      memset (&self->wall, 0, sizeof self->wall);
      for (guint i = 0; i < JIHAI_N_TILES; i++)
        self->wall.tiles[i] = (MahjongTile) (MAHJONG_TILE_EAST + self->rigged_tiles[i]);
      self->wall.size = self->wall.back = JIHAI_N_TILES;
    }
  else
    mahjong_wall_init (&self->wall, MAHJONG_TILE_SET_HONORS, &self->rng);
  mahjong_wall_add_event (events, &self->wall, &jihai_wall_rules);

  add_event (events, PARLOR_AUDIENCE_ALL, "hand number=%u starter=%u score0=%d score1=%d",
             self->hand_no, self->starter, self->score[0], self->score[1]);
  for (guint p = 0; p < 2; p++)
    {
      guint seat = order[p];
      g_autofree char *tiles = NULL;

      for (guint i = 0; i < 7; i++)
        {
          MahjongTile tile;

          mahjong_wall_draw (&self->wall, &tile);
          self->counts[seat][MAHJONG_TILE_KIND (tile) - MAHJONG_TILE_EAST]++;
        }
      tiles = counts_string (self->counts[seat]);
      add_event (events, PARLOR_AUDIENCE_SEAT (seat), "deal seat=%u tiles=%s", seat, tiles);
      add_event (events, PARLOR_AUDIENCE_ALL & ~PARLOR_AUDIENCE_SEAT (seat),
                 "deal seat=%u count=7", seat);
    }
  draw_for (self, self->starter, FALSE, events);
}

static void
complete_concealed_kong (JihaiGame *self,
                         guint      seat,
                         guint8     kind,
                         GPtrArray *events)
{
  JihaiMeld *meld = &self->melds[seat][self->n_melds[seat]++];

  self->counts[seat][kind] -= 4;
  meld->type = JIHAI_MELD_CONCEALED_KONG;
  meld->kind = kind;
  self->n_calls++;
  draw_for (self, seat, TRUE, events);
}

/* ParlorGame */

static const ParlorGameInfo *
jihai_get_info (ParlorGame *game)
{
  return &jihai_game_info;
}

static guint
jihai_get_n_seats (ParlorGame *game)
{
  return 2;
}

static void
jihai_start (ParlorGame *game,
             GPtrArray  *events)
{
  JihaiGame *self = JIHAI_GAME (game);

  if (self->phase != PHASE_IDLE)
    return;
  start_hand (self, events);
  g_signal_emit (self, signals[CHANGED], 0);
}

static guint32
jihai_get_waiting (ParlorGame *game)
{
  JihaiGame *self = JIHAI_GAME (game);

  switch (self->phase)
    {
    case PHASE_TURN:
      return PARLOR_AUDIENCE_SEAT (self->turn);
    case PHASE_CLAIM:
    case PHASE_ROB:
      return mahjong_claim_waiting (&self->claim);
    case PHASE_IDLE:
    case PHASE_OVER:
    default:
      return 0;
    }
}

static gboolean
jihai_is_over (ParlorGame *game)
{
  return JIHAI_GAME (game)->phase == PHASE_OVER;
}

static GPtrArray *
jihai_legal_actions (ParlorGame *game,
                     guint       seat)
{
  JihaiGame *self = JIHAI_GAME (game);
  JihaiOptions o;

  options_for (self, seat, &o);
  return jihai_options_to_actions (&o, seat < 2 ? self->counts[seat] : (const guint8[7]) { 0 });
}

static gboolean
illegal (GError     **error,
         const char  *message)
{
  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL, message);
  return FALSE;
}

/* After @seat discarded @kind: a claim window for the other seat, whatever
 * it holds; it draws once it passes. */
static void
after_discard (JihaiGame *self,
               guint      seat,
               guint8     kind)
{
  self->phase = PHASE_CLAIM;
  self->turn = seat;
  self->claim_tile = kind;
  mahjong_claim_open (&self->claim, 2, seat, kind);
  self->claim_last = mahjong_wall_remaining (&self->wall) == 0;
  self->claim_first = seat == self->starter && self->n_thrown[seat] == 1 && self->n_calls == 0;
}

/* Records @seat's answer; once every seat asked has answered, the claim
 * that ranks first takes the tile. */
static void
answer_claim (JihaiGame     *self,
              guint          seat,
              MahjongAnswer  claim,
              GPtrArray     *events)
{
  MahjongClaimResult r;
  guint from = self->claim.from;
  guint8 tile = self->claim.tile;

  if (!mahjong_claim_answer (&self->claim, seat, claim, 0))
    return;
  mahjong_claim_resolve (&self->claim, MAHJONG_CLAIM_HEAD_BUMP, &r);
  mahjong_claim_close (&self->claim);
  switch (r.claim)
    {
    case MAHJONG_ANSWER_WIN:
      {
        JihaiScore score;

        score_ron (self, r.seat, &score);
        if (self->phase == PHASE_ROB)
          self->counts[from][tile]--;
        else
          self->n_discards[from]--;
        end_with_win (self, r.seat, JIHAI_WIN_RON, tile, &score, events);
        if (self->phase == PHASE_OVER)
          self->counts[r.seat][tile]++;   /* the final position keeps every tile */
      }
      break;
    case MAHJONG_ANSWER_PUNG:
    case MAHJONG_ANSWER_KONG:
      {
        gboolean kong = r.claim == MAHJONG_ANSWER_KONG;
        JihaiMeld *meld;

        self->n_discards[from]--;
        self->counts[r.seat][tile] -= kong ? 3 : 2;
        meld = &self->melds[r.seat][self->n_melds[r.seat]++];
        meld->type = kong ? JIHAI_MELD_OPEN_KONG : JIHAI_MELD_PUNG;
        meld->kind = tile;
        self->n_calls++;
        add_event (events, PARLOR_AUDIENCE_ALL, "call seat=%u type=%s tile=%c", r.seat,
                   kong ? "kong" : "pung", jihai_kind_letter (tile));
        if (kong)
          draw_for (self, r.seat, TRUE, events);
        else
          {
            self->phase = PHASE_TURN;
            self->turn = r.seat;
            self->drawn = JIHAI_NO_KIND;
            self->drawn_replacement = FALSE;
            self->claim_tile = JIHAI_NO_KIND;
          }
      }
      break;
    case MAHJONG_ANSWER_NONE:
    case MAHJONG_ANSWER_PASS:
    case MAHJONG_ANSWER_CHOW:
    default:
      if (self->phase == PHASE_ROB)
        complete_concealed_kong (self, from, tile, events);
      else
        draw_for (self, mahjong_claim_seat_after (&self->claim, 1), FALSE, events);
      break;
    }
}

static gboolean
jihai_apply (ParlorGame  *game,
             guint        seat,
             const char  *action,
             GPtrArray   *events,
             GError     **error)
{
  JihaiGame *self = JIHAI_GAME (game);
  g_autoptr(ParlorLine) line = NULL;
  const char *type;
  guint8 kind = JIHAI_NO_KIND;
  JihaiOptions o;
  guint other = 1 - seat;

  line = parlor_line_parse (action, NULL);
  if (line == NULL || parlor_line_get_n_keys (line) != 0 || parlor_line_get_n_words (line) > 1)
    goto syntax;
  type = parlor_line_get_type (line);
  if (g_str_equal (type, "discard") || g_str_equal (type, "ckong") || g_str_equal (type, "akong"))
    {
      const char *word = parlor_line_get_n_words (line) == 1 ? parlor_line_get_word (line, 0) : "";

      if (strlen (word) != 1 || jihai_kind_from_letter (word[0]) == JIHAI_NO_KIND)
        goto syntax;
      kind = (guint8) jihai_kind_from_letter (word[0]);
    }
  else if (!g_str_equal (type, "tsumo") && !g_str_equal (type, "ron") && !g_str_equal (type, "pung")
           && !g_str_equal (type, "kong") && !g_str_equal (type, "pass"))
    goto syntax;
  else if (parlor_line_get_n_words (line) != 0)
    goto syntax;

  if (self->phase == PHASE_IDLE)
    return illegal (error, _("The game has not started yet"));
  if (self->phase == PHASE_OVER)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER, _("The game is over"));
      return FALSE;
    }
  if (seat > 1 || !(jihai_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }
  options_for (self, seat, &o);

  if (g_str_equal (type, "discard"))
    {
      if (!(o.can & JIHAI_CAN_DISCARD))
        return illegal (error, _("You cannot discard now"));
      if (self->counts[seat][kind] == 0)
        return illegal (error, _("You do not hold that tile"));
      self->counts[seat][kind]--;
      g_assert (self->n_discards[seat] < JIHAI_ROW_MAX);
      self->discards[seat][self->n_discards[seat]++] = kind;
      self->discarded[seat] |= 1u << kind;
      self->n_thrown[seat]++;
      self->drawn = JIHAI_NO_KIND;
      add_event (events, PARLOR_AUDIENCE_ALL, "discard seat=%u tile=%c", seat, jihai_kind_letter (kind));
      after_discard (self, seat, kind);
      if (ron_barred (self, other))
        add_event (events, PARLOR_AUDIENCE_SEAT (other), "ron-barred seat=%u tile=%c", other,
                   jihai_kind_letter (kind));
    }
  else if (g_str_equal (type, "tsumo"))
    {
      JihaiScore score;

      if (!(o.can & JIHAI_CAN_TSUMO))
        return illegal (error, self->phase == PHASE_TURN && self->drawn != JIHAI_NO_KIND
                        ? _("Your hand does not win with at least one point")
                        : _("You can only win by tsumo on a tile you drew"));
      score_tsumo (self, seat, &score);
      end_with_win (self, seat, JIHAI_WIN_TSUMO, self->drawn, &score, events);
    }
  else if (g_str_equal (type, "ron"))
    {
      guint8 tile = self->claim_tile;

      if (!(o.can & JIHAI_CAN_RON))
        {
          if (self->phase == PHASE_TURN)
            return illegal (error, _("There is no discard to win on"));
          if (self->discarded[seat] & (1u << tile))
            return illegal (error, _("You cannot win by ron on a kind you discarded in this hand"));
          return illegal (error, _("That tile does not complete a winning hand"));
        }
      answer_claim (self, seat, MAHJONG_ANSWER_WIN, events);
    }
  else if (g_str_equal (type, "pung") || g_str_equal (type, "kong"))
    {
      gboolean kong = type[0] == 'k';

      if (!(o.can & (kong ? JIHAI_CAN_KONG : JIHAI_CAN_PUNG)))
        return illegal (error, kong ? _("You cannot claim that tile for a kong")
                                    : _("You cannot claim that tile for a pung"));
      answer_claim (self, seat, kong ? MAHJONG_ANSWER_KONG : MAHJONG_ANSWER_PUNG, events);
    }
  else if (g_str_equal (type, "ckong"))
    {
      if (!(o.ckong & (1u << kind)))
        return illegal (error, _("You cannot declare a concealed kong of that tile now"));
      add_event (events, PARLOR_AUDIENCE_ALL, "call seat=%u type=ckong tile=%c", seat,
                 jihai_kind_letter (kind));
      self->phase = PHASE_ROB;
      self->turn = seat;
      self->claim_tile = kind;
      mahjong_claim_open (&self->claim, 2, seat, kind);
      self->drawn = JIHAI_NO_KIND;
      /* A window on every concealed kong, as on every discard: the other
       * seat passes unless it may rob it. */
    }
  else if (g_str_equal (type, "akong"))
    {
      if (!(o.akong & (1u << kind)))
        return illegal (error, _("You cannot add that tile to a pung now"));
      for (guint i = 0; i < self->n_melds[seat]; i++)
        if (self->melds[seat][i].kind == kind)
          self->melds[seat][i].type = JIHAI_MELD_ADDED_KONG;
      self->counts[seat][kind]--;
      self->n_calls++;
      add_event (events, PARLOR_AUDIENCE_ALL, "call seat=%u type=akong tile=%c", seat,
                 jihai_kind_letter (kind));
      draw_for (self, seat, TRUE, events);
    }
  else /* pass */
    {
      if (!(o.can & JIHAI_CAN_PASS))
        return illegal (error, _("There is nothing to pass on"));
      answer_claim (self, seat, MAHJONG_ANSWER_PASS, events);
    }

  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;

syntax:
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("Not a honor-tile mahjong move: “%s” (discard E, tsumo, ron, pung, kong, "
                 "ckong E, akong E or pass)"), action);
  return FALSE;
}

void
jihai_game_get_view (JihaiGame *self,
                     int        seat,
                     JihaiView *view)
{
  g_return_if_fail (JIHAI_IS_GAME (self));
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->seat = seat == 0 || seat == 1 ? seat : -1;
  view->hand_no = self->hand_no;
  view->starter = self->starter;
  view->turn = -1;
  view->drawn = JIHAI_NO_KIND;
  view->claim = JIHAI_NO_KIND;
  view->score[0] = self->score[0];
  view->score[1] = self->score[1];
  view->wall = mahjong_wall_remaining (&self->wall);
  view->over = self->phase == PHASE_OVER;
  switch (self->phase)
    {
    case PHASE_TURN:
      view->turn = (int) self->turn;
      break;
    case PHASE_CLAIM:
    case PHASE_ROB:
      view->turn = (int) (1 - self->turn);
      view->claim = self->claim_tile;
      break;
    case PHASE_IDLE:
    case PHASE_OVER:
    default:
      break;
    }
  for (guint s = 0; s < 2; s++)
    {
      guint n = 0;

      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        n += self->counts[s][k];
      view->n_concealed[s] = (guint8) n;
      memcpy (view->melds[s], self->melds[s], sizeof view->melds[s]);
      view->n_melds[s] = self->n_melds[s];
      memcpy (view->discards[s], self->discards[s], sizeof view->discards[s]);
      view->n_discards[s] = self->n_discards[s];
      view->discarded[s] = self->discarded[s];
    }
  if (view->seat >= 0)
    {
      memcpy (view->counts, self->counts[seat], sizeof view->counts);
      if (self->phase == PHASE_TURN && self->turn == (guint) seat)
        view->drawn = self->drawn;
      options_for (self, (guint) seat, &view->options);
      /* A seat with nothing but pass is not asked: the table passes for it. */
      if (view->options.can == JIHAI_CAN_PASS)
        view->options.can = 0;
      if (view->turn == seat && (self->phase == PHASE_TURN || view->options.can != 0))
        view->ask = self->phase == PHASE_TURN ? JIHAI_ASK_TURN
                    : self->phase == PHASE_CLAIM ? JIHAI_ASK_CLAIM : JIHAI_ASK_ROB;
    }
}

static char *
jihai_view_for (ParlorGame *game,
                int         seat)
{
  JihaiView view;

  jihai_game_get_view (JIHAI_GAME (game), seat, &view);
  return jihai_view_to_line (&view);
}

static char *
jihai_get_result (ParlorGame *game)
{
  JihaiGame *self = JIHAI_GAME (game);

  if (self->phase != PHASE_OVER)
    return NULL;
  return g_strdup_printf ("result winner=%d score0=%d score1=%d hands=%u", self->winner,
                          self->score[0], self->score[1], self->hand_no);
}

static ParlorPromptKind
jihai_get_prompt_kind (ParlorGame *game,
                       guint       seat)
{
  JihaiGame *self = JIHAI_GAME (game);

  return self->phase == PHASE_CLAIM || self->phase == PHASE_ROB ? PARLOR_PROMPT_CLAIM
                                                                 : PARLOR_PROMPT_TURN;
}

static char *
jihai_default_action (ParlorGame *game,
                      guint       seat,
                      ParlorRng  *rng)
{
  JihaiGame *self = JIHAI_GAME (game);

  if (seat > 1 || !(jihai_get_waiting (game) & PARLOR_AUDIENCE_SEAT (seat)))
    return NULL;
  if (self->phase != PHASE_TURN)
    return g_strdup ("pass");
  if (self->drawn != JIHAI_NO_KIND)
    return g_strdup_printf ("discard %c", jihai_kind_letter (self->drawn));
  for (int k = JIHAI_N_KINDS - 1; k >= 0; k--)
    if (self->counts[seat][k] > 0)
      return g_strdup_printf ("discard %c", jihai_kind_letter ((guint) k));
  g_return_val_if_reached (NULL);
}

static void
jihai_game_iface_init (ParlorGameInterface *iface)
{
  iface->get_info = jihai_get_info;
  iface->get_n_seats = jihai_get_n_seats;
  iface->start = jihai_start;
  iface->get_waiting = jihai_get_waiting;
  iface->is_over = jihai_is_over;
  iface->legal_actions = jihai_legal_actions;
  iface->apply = jihai_apply;
  iface->view_for = jihai_view_for;
  iface->get_result = jihai_get_result;
  iface->get_prompt_kind = jihai_get_prompt_kind;
  iface->default_action = jihai_default_action;
}

guint
jihai_game_count_tiles (JihaiGame *self)
{
  guint n;

  g_return_val_if_fail (JIHAI_IS_GAME (self), 0);

  n = mahjong_wall_remaining (&self->wall);
  for (guint s = 0; s < 2; s++)
    {
      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        n += self->counts[s][k];
      for (guint i = 0; i < self->n_melds[s]; i++)
        n += jihai_meld_is_kong (&self->melds[s][i]) ? 4 : 3;
      n += self->n_discards[s];
    }
  return n;
}

int
jihai_game_get_score (JihaiGame *self,
                      guint      seat)
{
  g_return_val_if_fail (JIHAI_IS_GAME (self) && seat < 2, 0);
  return self->score[seat];
}

guint
jihai_game_get_hand_number (JihaiGame *self)
{
  g_return_val_if_fail (JIHAI_IS_GAME (self), 0);
  return self->hand_no;
}

/* Log words */

static const char *
tile_name (const char *letter)
{
  static const char *const names[] = {
    N_("East"), N_("South"), N_("West"), N_("North"), N_("White"), N_("Green"), N_("Red"),
  };
  guint k = letter != NULL && strlen (letter) == 1 ? jihai_kind_from_letter (letter[0]) : JIHAI_NO_KIND;

  return k < JIHAI_N_KINDS ? _(names[k]) : "?";
}

static char *
seat_name (const char * const *names,
           gint64              seat)
{
  if (names != NULL && seat >= 0 && seat < 2 && names[0] != NULL
      && (seat == 0 || names[1] != NULL))
    return g_strdup (names[seat]);
  return g_strdup_printf (_("Player %d"), (int) seat + 1);
}

static char *
spoken_lines (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *colon = strchr (parts[i], ':');
      JihaiLine id;

      if (colon == NULL)
        continue;
      *colon = '\0';
      id = jihai_line_from_id (parts[i]);
      if (id == JIHAI_N_LINES)
        continue;
      if (out->len > 0)
        g_string_append (out, _(", "));
      /* TRANSLATORS: a scoring line and its points, e.g. "Two winds 2" */
      g_string_append_printf (out, _("%s %s"), _(jihai_line_label (id)), colon + 1);
    }
  return g_string_free (out, FALSE);
}

static char *
jihai_describe (const char         *text,
                const char * const *seat_names)
{
  g_autoptr(ParlorLine) line = NULL;
  g_autofree char *who = NULL;
  const char *type;
  const char *tile;
  gint64 seat = -1, n = 0, a = 0, b = 0;
  gboolean you;

  g_return_val_if_fail (text != NULL, NULL);

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return g_strdup (text);
  type = parlor_line_get_type (line);
  parlor_line_get_int (line, "seat", 0, 1, &seat, NULL);
  tile = parlor_line_get (line, "tile");
  if (tile == NULL && parlor_line_get_n_words (line) == 1)
    tile = parlor_line_get_word (line, 0);
  parlor_line_get_int (line, "score0", -1000, 1000, &a, NULL);
  parlor_line_get_int (line, "score1", -1000, 1000, &b, NULL);

  if (g_str_equal (type, "wall"))
    return NULL;
  if (g_str_equal (type, "hand"))
    {
      gint64 starter = 0;

      parlor_line_get_int (line, "number", 0, G_MAXINT, &n, NULL);
      parlor_line_get_int (line, "starter", 0, 1, &starter, NULL);
      who = seat_name (seat_names, starter);
      if (*who == '\0')
        return g_strdup_printf (_("Hand %d: you start (points %d to %d)"), (int) n, (int) a, (int) b);
      return g_strdup_printf (_("Hand %d: %s starts (points %d to %d)"), (int) n, who, (int) a, (int) b);
    }
  if (seat < 0 && g_str_equal (type, "discard"))
    return g_strdup_printf (_("Discard %s"), tile_name (tile));
  who = seat_name (seat_names, seat >= 0 ? seat : 0);
  /* A seat named "" is the reader: "You draw…". */
  you = *who == '\0';
  if (g_str_equal (type, "deal"))
    return you ? g_strdup (_("You get seven tiles")) : g_strdup_printf (_("%s gets seven tiles"), who);
  if (g_str_equal (type, "draw"))
    {
      gboolean replacement = parlor_line_has (line, "replacement");

      if (tile != NULL && you)
        return g_strdup_printf (replacement ? _("You draw a replacement tile: %s")
                                            : _("You draw %s"), tile_name (tile));
      if (you)
        return g_strdup (replacement ? _("You draw a replacement tile") : _("You draw a tile"));
      if (tile != NULL)
        return g_strdup_printf (replacement ? _("%s draws a replacement tile: %s")
                                            : _("%s draws %s"), who, tile_name (tile));
      return g_strdup_printf (replacement ? _("%s draws a replacement tile") : _("%s draws a tile"), who);
    }
  if (g_str_equal (type, "ron-barred"))
    {
      if (you)
        /* Translators: %s is a tile, "East wind" */
        return g_strdup_printf (_("%s would complete your hand, but you discarded one earlier in "
                                  "this hand: no ron on it."), tile_name (tile));
      return g_strdup_printf (_("%s would complete %s’s hand, but %s discarded one earlier in "
                                "this hand: no ron on it."), tile_name (tile), who, who);
    }
  if (g_str_equal (type, "discard"))
    {
      if (you)
        return g_strdup_printf (_("You discard %s"), tile_name (tile));
      return g_strdup_printf (_("%s discards %s"), who, tile_name (tile));
    }
  if (g_str_equal (type, "call"))
    {
      const char *kind = parlor_line_get (line, "type");

      if (you)
        {
          if (g_strcmp0 (kind, "pung") == 0)
            return g_strdup_printf (_("You call pung on %s"), tile_name (tile));
          if (g_strcmp0 (kind, "kong") == 0)
            return g_strdup_printf (_("You call kong on %s"), tile_name (tile));
          if (g_strcmp0 (kind, "ckong") == 0)
            return g_strdup_printf (_("You declare a concealed kong of %s"), tile_name (tile));
          return g_strdup_printf (_("You add %s to a pung"), tile_name (tile));
        }

      if (g_strcmp0 (kind, "pung") == 0)
        return g_strdup_printf (_("%s calls pung on %s"), who, tile_name (tile));
      if (g_strcmp0 (kind, "kong") == 0)
        return g_strdup_printf (_("%s calls kong on %s"), who, tile_name (tile));
      if (g_strcmp0 (kind, "ckong") == 0)
        return g_strdup_printf (_("%s declares a concealed kong of %s"), who, tile_name (tile));
      return g_strdup_printf (_("%s adds %s to a pung"), who, tile_name (tile));
    }
  if (g_str_equal (type, "win"))
    {
      g_autofree char *lines = spoken_lines (parlor_line_get (line, "lines"));

      parlor_line_get_int (line, "points", 0, 1000, &n, NULL);
      if (you)
        return g_strdup_printf (g_strcmp0 (parlor_line_get (line, "way"), "ron") == 0
                                ? ngettext ("You win by ron on %s: %s, %d point",
                                            "You win by ron on %s: %s, %d points", (gulong) n)
                                : ngettext ("You win by tsumo on %s: %s, %d point",
                                            "You win by tsumo on %s: %s, %d points", (gulong) n),
                                tile_name (tile), lines, (int) n);
      if (g_strcmp0 (parlor_line_get (line, "way"), "ron") == 0)
        return g_strdup_printf (ngettext ("%s wins by ron on %s: %s, %d point",
                                          "%s wins by ron on %s: %s, %d points", (gulong) n),
                                who, tile_name (tile), lines, (int) n);
      return g_strdup_printf (ngettext ("%s wins by tsumo on %s: %s, %d point",
                                        "%s wins by tsumo on %s: %s, %d points", (gulong) n),
                              who, tile_name (tile), lines, (int) n);
    }
  if (g_str_equal (type, "hand-over"))
    {
      if (g_strcmp0 (parlor_line_get (line, "result"), "draw") == 0)
        return g_strdup_printf (_("The wall is empty: a drawn hand (points %d to %d)"), (int) a, (int) b);
      return g_strdup_printf (_("End of the hand: points %d to %d"), (int) a, (int) b);
    }
  if (g_str_equal (type, "match-over") || g_str_equal (type, "result"))
    {
      gint64 winner = 0;

      parlor_line_get_int (line, "winner", 0, 1, &winner, NULL);
      g_free (who);
      who = seat_name (seat_names, winner);
      if (*who == '\0')
        return g_strdup_printf (_("You win the match, %d points to %d"),
                                (int) (winner == 0 ? a : b), (int) (winner == 0 ? b : a));
      return g_strdup_printf (_("%s wins the match, %d points to %d"), who,
                              (int) (winner == 0 ? a : b), (int) (winner == 0 ? b : a));
    }
  /* actions */
  if (g_str_equal (type, "tsumo"))
    return g_strdup (_("Win by tsumo"));
  if (g_str_equal (type, "ron"))
    return g_strdup (_("Win by ron"));
  if (g_str_equal (type, "pung"))
    return g_strdup (_("Call pung"));
  if (g_str_equal (type, "kong"))
    return g_strdup (_("Call kong"));
  if (g_str_equal (type, "ckong"))
    return g_strdup_printf (_("Declare a concealed kong of %s"), tile_name (tile));
  if (g_str_equal (type, "akong"))
    return g_strdup_printf (_("Add %s to a pung"), tile_name (tile));
  if (g_str_equal (type, "pass"))
    return g_strdup (_("Pass"));

  return g_strdup (text);
}
