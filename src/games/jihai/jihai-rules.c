/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-jihai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "jihai-rules.h"
#include "parlor-game.h"
#include "parlor-line.h"

gboolean
jihai_tiles_check (const MahjongTile  *tiles,
                   GError            **error)
{
  guint8 n[JIHAI_N_KINDS] = { 0 };

  if (tiles == NULL)
    return TRUE;
  for (guint i = 0; i < JIHAI_N_TILES; i++)
    if (!jihai_tile_is_valid (tiles[i]) || ++n[jihai_slot (tiles[i])] > 4)
      {
        g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                             _("A honor-tile deal holds four of each of the seven kinds"));
        return FALSE;
      }
  return TRUE;
}

gboolean
jihai_config_parse (const char  *text,
                    int         *first,
                    GError     **error)
{
  g_auto(GStrv) words = g_strsplit_set (text != NULL ? text : "", " \t", -1);

  g_return_val_if_fail (first != NULL, FALSE);

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

void
jihai_state_init (JihaiState        *state,
                  int                first,
                  guint64            seed,
                  const MahjongTile *tiles)
{
  g_return_if_fail (state != NULL);

  memset (state, 0, sizeof *state);
  state->winner = -1;
  state->score[0] = state->score[1] = JIHAI_START_POINTS;
  state->drawn = MAHJONG_NO_TILE;
  state->claim_tile = MAHJONG_NO_TILE;
  parlor_rng_init (&state->rng, seed, 0x6a69686169 /* "jihai" */);
  state->starter = first >= 0 ? (guint) first : parlor_rng_below (&state->rng, 2);
  if (tiles != NULL)
    {
      state->rigged = TRUE;
      memcpy (state->rigged_tiles, tiles, sizeof state->rigged_tiles);
    }
}

static void
hand_of (const JihaiState *state,
         guint             seat,
         MahjongTile       extra,
         MahjongTile       win,
         JihaiHand        *hand)
{
  memset (hand, 0, sizeof *hand);
  memcpy (hand->counts, state->counts[seat], sizeof hand->counts);
  if (extra != MAHJONG_NO_TILE)
    hand->counts[jihai_slot (extra)]++;
  memcpy (hand->melds, state->melds[seat], sizeof hand->melds);
  hand->n_melds = state->n_melds[seat];
  hand->win = win;
}

static guint
tsumo_flags (const JihaiState *state,
             guint             seat)
{
  guint flags = 0;
  gboolean first_draw = state->n_draws[seat] == 1 && !state->drawn_replacement
                        && state->n_calls == 0;

  if (first_draw)
    flags |= seat == state->starter ? JIHAI_FLAG_HEAVENLY : JIHAI_FLAG_EARTHLY;
  if (mahjong_wall_remaining (&state->wall) == 0)
    flags |= JIHAI_FLAG_LAST_DRAW;
  if (state->drawn_replacement)
    flags |= JIHAI_FLAG_DEAD_WALL_DRAW;
  return flags;
}

static void
score_tsumo (const JihaiState *state,
             guint             seat,
             JihaiScore       *score)
{
  JihaiHand hand;

  hand_of (state, seat, MAHJONG_NO_TILE, state->drawn, &hand);
  jihai_score (&hand, JIHAI_WIN_TSUMO, tsumo_flags (state, seat), state->discarded[seat], score);
}

static guint
ron_flags (const JihaiState *state)
{
  if (state->phase == JIHAI_PHASE_ROB)
    return JIHAI_FLAG_ROBBING_QUAD;
  return (state->claim_first ? JIHAI_FLAG_HAND_OF_MAN : 0)
         | (state->claim_last ? JIHAI_FLAG_LAST_DISCARD : 0);
}

static void
score_ron (const JihaiState *state,
           guint             seat,
           JihaiScore       *score)
{
  JihaiHand hand;

  hand_of (state, seat, state->claim_tile, state->claim_tile, &hand);
  jihai_score (&hand, JIHAI_WIN_RON, ron_flags (state), state->discarded[seat], score);
  /* A concealed kong can be robbed only to complete Seven orphans. */
  if (state->phase == JIHAI_PHASE_ROB && score->shape != JIHAI_SHAPE_C)
    score->can_win = FALSE;
}

/* The claim tile would complete @seat's hand, but @seat discarded its kind
 * earlier in the hand: told to that seat alone, so that it knows why it is
 * not asked. */
static gboolean
ron_barred (const JihaiState *state,
            guint             seat)
{
  JihaiScore score;

  if (!(state->discarded[seat] & jihai_tile_bit (state->claim_tile)))
    return FALSE;
  score_ron (state, seat, &score);
  return score.status == JIHAI_STATUS_ILLEGAL_RON;
}

void
jihai_state_options (const JihaiState *state,
                     guint             seat,
                     JihaiOptions     *o)
{
  guint wall;
  JihaiScore score;

  g_return_if_fail (state != NULL);
  g_return_if_fail (o != NULL);

  wall = mahjong_wall_remaining (&state->wall);
  memset (o, 0, sizeof *o);
  if (seat > 1)
    return;
  switch (state->phase)
    {
    case JIHAI_PHASE_TURN:
      if (seat != state->turn)
        return;
      o->can |= JIHAI_CAN_DISCARD;
      if (state->drawn == MAHJONG_NO_TILE)
        return;   /* after a pung: discard at once */
      score_tsumo (state, seat, &score);
      if (score.can_win)
        o->can |= JIHAI_CAN_TSUMO;
      if (wall == 0)
        return;
      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        if (state->counts[seat][k] == 4)
          o->ckong |= 1u << k;
      for (guint i = 0; i < state->n_melds[seat]; i++)
        if (state->melds[seat][i].type == MAHJONG_MELD_PUNG
            && state->counts[seat][jihai_slot (state->melds[seat][i].tile)] > 0)
          o->akong |= jihai_tile_bit (state->melds[seat][i].tile);
      break;
    case JIHAI_PHASE_CLAIM:
    case JIHAI_PHASE_ROB:
      if (seat == state->turn)
        return;
      score_ron (state, seat, &score);
      if (score.can_win)
        o->can |= JIHAI_CAN_RON;
      if (state->phase == JIHAI_PHASE_CLAIM && wall > 0)
        {
          if (state->counts[seat][jihai_slot (state->claim_tile)] >= 2)
            o->can |= JIHAI_CAN_PUNG;
          if (state->counts[seat][jihai_slot (state->claim_tile)] == 3)
            o->can |= JIHAI_CAN_KONG;
        }
      /* Every window asks the other seat, whatever it holds: pass is
       * always legal, and alone when it has nothing to claim (the table
       * then answers for it, parlor_game_get_automatic_action). */
      o->can |= JIHAI_CAN_PASS;
      break;
    case JIHAI_PHASE_IDLE:
    case JIHAI_PHASE_OVER:
    default:
      break;
    }
}

/* Events */

static char *
counts_string (const guint8 counts[JIHAI_N_KINDS])
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    for (guint n = 0; n < counts[k]; n++)
      g_string_append_c (out, jihai_tile_letter (jihai_slot_tile (k)));
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

static void start_hand (JihaiState *state,
                        GPtrArray  *events);

static void
next_hand (JihaiState *state,
           GPtrArray  *events)
{
  if (state->score[0] <= 0 || state->score[1] <= 0)
    {
      state->winner = state->score[0] <= 0 ? 1 : 0;
      state->phase = JIHAI_PHASE_OVER;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "match-over winner=%d score0=%d score1=%d hands=%u",
                   state->winner, state->score[0], state->score[1], state->hand_no);
      return;
    }
  start_hand (state, events);
}

static void
end_with_draw (JihaiState *state,
               GPtrArray  *events)
{
  parlor_emit (events, PARLOR_AUDIENCE_ALL, "hand-over result=draw score0=%d score1=%d",
               state->score[0], state->score[1]);
  /* The player who started second starts the next hand. */
  state->starter = 1 - state->starter;
  next_hand (state, events);
}

static void
end_with_win (JihaiState       *state,
              guint             seat,
              JihaiWinWay       way,
              MahjongTile       tile,
              const JihaiScore *score,
              GPtrArray        *events)
{
  static const char shapes[] = "-ABC";
  GString *lines = g_string_new (NULL);
  g_autofree char *melds = jihai_melds_to_string (state->melds[seat], state->n_melds[seat]);
  g_autofree char *tiles = NULL;
  g_autofree char *lines_text = NULL;
  guint8 counts[JIHAI_N_KINDS];

  memcpy (counts, state->counts[seat], sizeof counts);
  if (way == JIHAI_WIN_RON)
    counts[jihai_slot (tile)]++;
  tiles = counts_string (counts);
  for (guint i = 0; i < JIHAI_N_LINES; i++)
    if (score->points[i] > 0)
      g_string_append_printf (lines, "%s%s:%u", lines->len > 0 ? "," : "",
                              jihai_line_id ((JihaiLine) i), score->points[i]);
  lines_text = g_string_free (lines, FALSE);

  if (way == JIHAI_WIN_RON)
    parlor_emit (events, PARLOR_AUDIENCE_ALL,
                 "win seat=%u way=ron tile=%c shape=%c lines=%s points=%d melds=%s tiles=%s "
                 "from=%u",
                 seat, jihai_tile_letter (tile), shapes[score->shape], lines_text, score->total,
                 melds, tiles, 1 - seat);
  else
    parlor_emit (events, PARLOR_AUDIENCE_ALL,
                 "win seat=%u way=tsumo tile=%c shape=%c lines=%s points=%d melds=%s tiles=%s",
                 seat, jihai_tile_letter (tile), shapes[score->shape], lines_text, score->total,
                 melds, tiles);
  state->score[seat] += score->total;
  state->score[1 - seat] -= score->total;
  parlor_emit (events, PARLOR_AUDIENCE_ALL,
               "hand-over result=win winner=%u points=%d score0=%d score1=%d",
               seat, score->total, state->score[0], state->score[1]);
  state->starter = seat;
  next_hand (state, events);
}

/* Draws for @seat (from the end of the wall for a replacement); a wall draw
 * from an empty wall ends the hand drawn. */
static void
draw_for (JihaiState *state,
          guint       seat,
          gboolean    replacement,
          GPtrArray  *events)
{
  MahjongTile tile;
  gboolean ok;

  ok = replacement ? mahjong_wall_draw_replacement (&state->wall, &tile)
                   : mahjong_wall_draw (&state->wall, &tile);
  if (!ok)
    {
      g_assert (!replacement);
      end_with_draw (state, events);
      return;
    }
  state->counts[seat][jihai_slot (tile)]++;
  if (!replacement)
    state->n_draws[seat]++;
  state->phase = JIHAI_PHASE_TURN;
  state->turn = seat;
  state->drawn = tile;
  state->drawn_replacement = replacement;
  state->claim_tile = MAHJONG_NO_TILE;
  parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "draw seat=%u tile=%c%s", seat,
               jihai_tile_letter (tile), replacement ? " replacement=1" : "");
  parlor_emit (events, PARLOR_AUDIENCE_ALL & ~PARLOR_AUDIENCE_SEAT (seat), "draw seat=%u%s", seat,
               replacement ? " replacement=1" : "");
}

static void
start_hand (JihaiState *state,
            GPtrArray  *events)
{
  guint order[2] = { state->starter, 1 - state->starter };

  state->hand_no++;
  memset (state->counts, 0, sizeof state->counts);
  memset (state->n_melds, 0, sizeof state->n_melds);
  memset (state->n_discards, 0, sizeof state->n_discards);
  memset (state->discarded, 0, sizeof state->discarded);
  memset (state->n_thrown, 0, sizeof state->n_thrown);
  memset (state->n_draws, 0, sizeof state->n_draws);
  state->n_calls = 0;
  state->claim_first = state->claim_last = FALSE;

  if (state->rigged && state->hand_no == 1)
    {
      memset (&state->wall, 0, sizeof state->wall);
      memcpy (state->wall.tiles, state->rigged_tiles, sizeof state->rigged_tiles);
      state->wall.size = state->wall.back = JIHAI_N_TILES;
    }
  else
    mahjong_wall_init (&state->wall, MAHJONG_TILE_SET_HONORS, &state->rng);
  mahjong_wall_add_event (events, &state->wall, &jihai_wall_rules);

  parlor_emit (events, PARLOR_AUDIENCE_ALL, "hand number=%u starter=%u score0=%d score1=%d",
               state->hand_no, state->starter, state->score[0], state->score[1]);
  for (guint p = 0; p < 2; p++)
    {
      guint seat = order[p];
      g_autofree char *tiles = NULL;

      for (guint i = 0; i < 7; i++)
        {
          MahjongTile tile;

          mahjong_wall_draw (&state->wall, &tile);
          state->counts[seat][jihai_slot (tile)]++;
        }
      tiles = counts_string (state->counts[seat]);
      parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "deal seat=%u tiles=%s", seat, tiles);
      parlor_emit (events, PARLOR_AUDIENCE_ALL & ~PARLOR_AUDIENCE_SEAT (seat),
                   "deal seat=%u count=7", seat);
    }
  draw_for (state, state->starter, FALSE, events);
}

static void
complete_concealed_kong (JihaiState  *state,
                         guint        seat,
                         MahjongTile  tile,
                         GPtrArray   *events)
{
  state->counts[seat][jihai_slot (tile)] -= 4;
  jihai_meld_init (&state->melds[seat][state->n_melds[seat]++], MAHJONG_MELD_KONG,
                   MAHJONG_MELD_CONCEALED, tile);
  state->n_calls++;
  draw_for (state, seat, TRUE, events);
}

void
jihai_state_start (JihaiState *state,
                   GPtrArray  *events)
{
  g_return_if_fail (state != NULL && events != NULL);

  if (state->phase == JIHAI_PHASE_IDLE)
    start_hand (state, events);
}

guint32
jihai_state_waiting (const JihaiState *state)
{
  g_return_val_if_fail (state != NULL, 0);

  switch (state->phase)
    {
    case JIHAI_PHASE_TURN:
      return PARLOR_AUDIENCE_SEAT (state->turn);
    case JIHAI_PHASE_CLAIM:
    case JIHAI_PHASE_ROB:
      return mahjong_claim_waiting (&state->claim);
    case JIHAI_PHASE_IDLE:
    case JIHAI_PHASE_OVER:
    default:
      return 0;
    }
}

GPtrArray *
jihai_state_legal_actions (const JihaiState *state,
                           guint             seat)
{
  static const guint8 none[JIHAI_N_KINDS] = { 0 };
  JihaiOptions o;

  g_return_val_if_fail (state != NULL, NULL);

  jihai_state_options (state, seat, &o);
  return jihai_options_to_actions (&o, seat < 2 ? state->counts[seat] : none);
}

static gboolean
illegal (GError     **error,
         const char  *message)
{
  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL, message);
  return FALSE;
}

/* After @seat discarded @tile: a claim window for the other seat, whatever
 * it holds; it draws once it passes. */
static void
after_discard (JihaiState  *state,
               guint        seat,
               MahjongTile  tile)
{
  state->phase = JIHAI_PHASE_CLAIM;
  state->turn = seat;
  state->claim_tile = tile;
  mahjong_claim_open (&state->claim, 2, seat, tile);
  state->claim_last = mahjong_wall_remaining (&state->wall) == 0;
  state->claim_first = seat == state->starter && state->n_thrown[seat] == 1 && state->n_calls == 0;
}

/* Records @seat's answer; once every seat asked has answered, the claim
 * that ranks first takes the tile. */
static void
answer_claim (JihaiState    *state,
              guint          seat,
              MahjongAnswer  claim,
              GPtrArray     *events)
{
  MahjongClaimResult r;
  guint from = state->claim.from;
  MahjongTile tile = state->claim.tile;

  if (!mahjong_claim_answer (&state->claim, seat, claim, 0))
    return;
  mahjong_claim_resolve (&state->claim, MAHJONG_CLAIM_HEAD_BUMP, &r);
  mahjong_claim_close (&state->claim);
  switch (r.claim)
    {
    case MAHJONG_ANSWER_WIN:
      {
        JihaiScore score;

        score_ron (state, r.seat, &score);
        if (state->phase == JIHAI_PHASE_ROB)
          state->counts[from][jihai_slot (tile)]--;
        else
          state->n_discards[from]--;
        end_with_win (state, r.seat, JIHAI_WIN_RON, tile, &score, events);
        if (state->phase == JIHAI_PHASE_OVER)
          state->counts[r.seat][jihai_slot (tile)]++;   /* the final position keeps every tile */
      }
      break;
    case MAHJONG_ANSWER_PUNG:
    case MAHJONG_ANSWER_KONG:
      {
        gboolean kong = r.claim == MAHJONG_ANSWER_KONG;

        state->n_discards[from]--;
        state->counts[r.seat][jihai_slot (tile)] -= kong ? 3 : 2;
        jihai_meld_init (&state->melds[r.seat][state->n_melds[r.seat]++],
                         kong ? MAHJONG_MELD_KONG : MAHJONG_MELD_PUNG, MAHJONG_MELD_CLAIMED, tile);
        state->n_calls++;
        parlor_emit (events, PARLOR_AUDIENCE_ALL, "call seat=%u type=%s tile=%c", r.seat,
                     kong ? "kong" : "pung", jihai_tile_letter (tile));
        if (kong)
          draw_for (state, r.seat, TRUE, events);
        else
          {
            state->phase = JIHAI_PHASE_TURN;
            state->turn = r.seat;
            state->drawn = MAHJONG_NO_TILE;
            state->drawn_replacement = FALSE;
            state->claim_tile = MAHJONG_NO_TILE;
          }
      }
      break;
    case MAHJONG_ANSWER_NONE:
    case MAHJONG_ANSWER_PASS:
    case MAHJONG_ANSWER_CHOW:
    default:
      if (state->phase == JIHAI_PHASE_ROB)
        complete_concealed_kong (state, from, tile, events);
      else
        draw_for (state, mahjong_claim_seat_after (&state->claim, 1), FALSE, events);
      break;
    }
}

gboolean
jihai_state_play (JihaiState  *state,
                  guint        seat,
                  JihaiMove    move,
                  MahjongTile  tile,
                  GPtrArray   *events,
                  GError     **error)
{
  JihaiOptions o;
  guint other = 1 - seat;

  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (events != NULL, FALSE);

  if (state->phase == JIHAI_PHASE_IDLE)
    return illegal (error, _("The game has not started yet"));
  if (state->phase == JIHAI_PHASE_OVER)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER, _("The game is over"));
      return FALSE;
    }
  if (seat > 1 || !(jihai_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }
  jihai_state_options (state, seat, &o);

  switch (move)
    {
    case JIHAI_MOVE_DISCARD:
      if (!(o.can & JIHAI_CAN_DISCARD))
        return illegal (error, _("You cannot discard now"));
      if (!jihai_tile_is_valid (tile) || state->counts[seat][jihai_slot (tile)] == 0)
        return illegal (error, _("You do not hold that tile"));
      state->counts[seat][jihai_slot (tile)]--;
      g_assert (state->n_discards[seat] < JIHAI_ROW_MAX);
      state->discards[seat][state->n_discards[seat]++] = tile;
      state->discarded[seat] |= jihai_tile_bit (tile);
      state->n_thrown[seat]++;
      state->drawn = MAHJONG_NO_TILE;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "discard seat=%u tile=%c", seat,
                   jihai_tile_letter (tile));
      after_discard (state, seat, tile);
      if (ron_barred (state, other))
        parlor_emit (events, PARLOR_AUDIENCE_SEAT (other), "ron-barred seat=%u tile=%c", other,
                     jihai_tile_letter (tile));
      break;
    case JIHAI_MOVE_TSUMO:
      {
        JihaiScore score;

        if (!(o.can & JIHAI_CAN_TSUMO))
          return illegal (error, state->phase == JIHAI_PHASE_TURN && state->drawn != MAHJONG_NO_TILE
                          ? _("Your hand does not win with at least one point")
                          : _("You can only win by tsumo on a tile you drew"));
        score_tsumo (state, seat, &score);
        end_with_win (state, seat, JIHAI_WIN_TSUMO, state->drawn, &score, events);
      }
      break;
    case JIHAI_MOVE_RON:
      if (!(o.can & JIHAI_CAN_RON))
        {
          if (state->phase == JIHAI_PHASE_TURN)
            return illegal (error, _("There is no discard to win on"));
          if (state->discarded[seat] & jihai_tile_bit (state->claim_tile))
            return illegal (error, _("You cannot win by ron on a kind you discarded in this hand"));
          return illegal (error, _("That tile does not complete a winning hand"));
        }
      answer_claim (state, seat, MAHJONG_ANSWER_WIN, events);
      break;
    case JIHAI_MOVE_PUNG:
      if (!(o.can & JIHAI_CAN_PUNG))
        return illegal (error, _("You cannot claim that tile for a pung"));
      answer_claim (state, seat, MAHJONG_ANSWER_PUNG, events);
      break;
    case JIHAI_MOVE_KONG:
      if (!(o.can & JIHAI_CAN_KONG))
        return illegal (error, _("You cannot claim that tile for a kong"));
      answer_claim (state, seat, MAHJONG_ANSWER_KONG, events);
      break;
    case JIHAI_MOVE_CKONG:
      if (!jihai_tile_is_valid (tile) || !(o.ckong & jihai_tile_bit (tile)))
        return illegal (error, _("You cannot declare a concealed kong of that tile now"));
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "call seat=%u type=ckong tile=%c", seat,
                   jihai_tile_letter (tile));
      state->phase = JIHAI_PHASE_ROB;
      state->turn = seat;
      state->claim_tile = tile;
      mahjong_claim_open (&state->claim, 2, seat, tile);
      state->drawn = MAHJONG_NO_TILE;
      /* A window on every concealed kong, as on every discard: the other
       * seat passes unless it may rob it. */
      break;
    case JIHAI_MOVE_AKONG:
      if (!jihai_tile_is_valid (tile) || !(o.akong & jihai_tile_bit (tile)))
        return illegal (error, _("You cannot add that tile to a pung now"));
      for (guint i = 0; i < state->n_melds[seat]; i++)
        if (state->melds[seat][i].tile == tile)
          jihai_meld_init (&state->melds[seat][i], MAHJONG_MELD_KONG, MAHJONG_MELD_ADDED, tile);
      state->counts[seat][jihai_slot (tile)]--;
      state->n_calls++;
      parlor_emit (events, PARLOR_AUDIENCE_ALL, "call seat=%u type=akong tile=%c", seat,
                   jihai_tile_letter (tile));
      draw_for (state, seat, TRUE, events);
      break;
    case JIHAI_MOVE_PASS:
    default:
      if (!(o.can & JIHAI_CAN_PASS))
        return illegal (error, _("There is nothing to pass on"));
      answer_claim (state, seat, MAHJONG_ANSWER_PASS, events);
      break;
    }
  return TRUE;
}

char *
jihai_state_default_action (const JihaiState *state,
                            guint             seat)
{
  g_return_val_if_fail (state != NULL, NULL);

  if (seat > 1 || !(jihai_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    return NULL;
  if (state->phase != JIHAI_PHASE_TURN)
    return g_strdup ("pass");
  if (state->drawn != MAHJONG_NO_TILE)
    return g_strdup_printf ("discard %c", jihai_tile_letter (state->drawn));
  for (int k = JIHAI_N_KINDS - 1; k >= 0; k--)
    if (state->counts[seat][k] > 0)
      return g_strdup_printf ("discard %c", jihai_tile_letter (jihai_slot_tile ((guint) k)));
  g_return_val_if_reached (NULL);
}
void
jihai_state_get_view (const JihaiState *state,
                      int               seat,
                      JihaiView        *view)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->seat = seat == 0 || seat == 1 ? seat : -1;
  view->hand_no = state->hand_no;
  view->starter = state->starter;
  view->turn = -1;
  view->drawn = MAHJONG_NO_TILE;
  view->claim = MAHJONG_NO_TILE;
  view->score[0] = state->score[0];
  view->score[1] = state->score[1];
  view->wall = mahjong_wall_remaining (&state->wall);
  view->over = state->phase == JIHAI_PHASE_OVER;
  switch (state->phase)
    {
    case JIHAI_PHASE_TURN:
      view->turn = (int) state->turn;
      break;
    case JIHAI_PHASE_CLAIM:
    case JIHAI_PHASE_ROB:
      view->turn = (int) (1 - state->turn);
      view->claim = state->claim_tile;
      break;
    case JIHAI_PHASE_IDLE:
    case JIHAI_PHASE_OVER:
    default:
      break;
    }
  for (guint s = 0; s < 2; s++)
    {
      guint n = 0;

      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        n += state->counts[s][k];
      view->n_concealed[s] = (guint8) n;
      memcpy (view->melds[s], state->melds[s], sizeof view->melds[s]);
      view->n_melds[s] = state->n_melds[s];
      memcpy (view->discards[s], state->discards[s], sizeof view->discards[s]);
      view->n_discards[s] = state->n_discards[s];
      view->discarded[s] = state->discarded[s];
    }
  if (view->seat >= 0)
    {
      memcpy (view->counts, state->counts[seat], sizeof view->counts);
      if (state->phase == JIHAI_PHASE_TURN && state->turn == (guint) seat)
        view->drawn = state->drawn;
      jihai_state_options (state, (guint) seat, &view->options);
      /* A seat with nothing but pass is not asked: the table passes for it. */
      if (view->options.can == JIHAI_CAN_PASS)
        view->options.can = 0;
      if (view->turn == seat && (state->phase == JIHAI_PHASE_TURN || view->options.can != 0))
        view->ask = state->phase == JIHAI_PHASE_TURN ? JIHAI_ASK_TURN
                    : state->phase == JIHAI_PHASE_CLAIM ? JIHAI_ASK_CLAIM : JIHAI_ASK_ROB;
    }
}

char *
jihai_state_result_line (const JihaiState *state)
{
  g_return_val_if_fail (state != NULL, NULL);

  if (state->phase != JIHAI_PHASE_OVER)
    return NULL;
  return g_strdup_printf ("result winner=%d score0=%d score1=%d hands=%u", state->winner,
                          state->score[0], state->score[1], state->hand_no);
}

guint
jihai_state_count_tiles (const JihaiState *state)
{
  guint n;

  g_return_val_if_fail (state != NULL, 0);

  n = mahjong_wall_remaining (&state->wall);
  for (guint s = 0; s < 2; s++)
    {
      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        n += state->counts[s][k];
      for (guint i = 0; i < state->n_melds[s]; i++)
        n += jihai_meld_is_kong (&state->melds[s][i]) ? 4 : 3;
      n += state->n_discards[s];
    }
  return n;
}

gboolean
jihai_state_apply (JihaiState  *state,
                   guint        seat,
                   const char  *action,
                   GPtrArray   *events,
                   GError     **error)
{
  static const struct { const char *word; JihaiMove move; gboolean takes_tile; } moves[] = {
    { "discard", JIHAI_MOVE_DISCARD, TRUE },
    { "tsumo", JIHAI_MOVE_TSUMO, FALSE },
    { "ron", JIHAI_MOVE_RON, FALSE },
    { "pung", JIHAI_MOVE_PUNG, FALSE },
    { "kong", JIHAI_MOVE_KONG, FALSE },
    { "ckong", JIHAI_MOVE_CKONG, TRUE },
    { "akong", JIHAI_MOVE_AKONG, TRUE },
    { "pass", JIHAI_MOVE_PASS, FALSE },
  };
  g_autoptr(ParlorLine) line = NULL;
  const char *type;
  MahjongTile tile = MAHJONG_NO_TILE;
  guint i;

  line = parlor_line_parse (action, NULL);
  if (line == NULL || parlor_line_get_n_keys (line) != 0 || parlor_line_get_n_words (line) > 1)
    goto syntax;
  type = parlor_line_get_type (line);
  for (i = 0; i < G_N_ELEMENTS (moves); i++)
    if (g_str_equal (type, moves[i].word))
      break;
  if (i == G_N_ELEMENTS (moves))
    goto syntax;
  if (moves[i].takes_tile)
    {
      const char *word = parlor_line_get_n_words (line) == 1 ? parlor_line_get_word (line, 0) : "";

      if (strlen (word) != 1 || jihai_tile_from_letter (word[0]) == MAHJONG_NO_TILE)
        goto syntax;
      tile = jihai_tile_from_letter (word[0]);
    }
  else if (parlor_line_get_n_words (line) != 0)
    goto syntax;

  return jihai_state_play (state, seat, moves[i].move, tile, events, error);

syntax:
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("Not a honor-tile mahjong move: “%s” (discard E, tsumo, ron, pung, kong, "
                 "ckong E, akong E or pass)"), action);
  return FALSE;
}

guint
jihai_state_n_seats (const JihaiState *state)
{
  return 2;
}

ParlorPromptKind
jihai_state_prompt_kind (const JihaiState *state)
{
  return state->phase == JIHAI_PHASE_CLAIM || state->phase == JIHAI_PHASE_ROB
         ? PARLOR_PROMPT_CLAIM : PARLOR_PROMPT_TURN;
}

char *
jihai_state_view_line (const JihaiState *state,
                       int               seat)
{
  JihaiView view;

  jihai_state_get_view (state, seat, &view);
  return jihai_view_to_line (&view);
}
