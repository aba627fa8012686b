/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-line.h"
#include "parlor-rng.h"

G_BEGIN_DECLS

/*
 * The one model every game implements. A game is a deterministic state
 * machine: new(config, seed) → start() → apply(seat, action line)… Every
 * action, event and view is one text line (see parlor-line.h), so the same
 * strings are the network payload, the log, the replay and the fixtures.
 */

#define PARLOR_GAME_ERROR (parlor_game_error_quark ())

typedef enum
{
  PARLOR_GAME_ERROR_SYNTAX,       /* the line cannot be read */
  PARLOR_GAME_ERROR_NOT_YOUR_TURN,
  PARLOR_GAME_ERROR_ILLEGAL,      /* readable, but the rules forbid it */
  PARLOR_GAME_ERROR_OVER,
  PARLOR_GAME_ERROR_CONFIG,
  PARLOR_GAME_ERROR_STALE,        /* answers a prompt that has closed */
} ParlorGameError;

/*
 * What a waiting seat is asked for. Each kind has its own time limit; a
 * claim window asks several seats at once, and none learns who else is asked.
 */
typedef enum
{
  PARLOR_PROMPT_TURN,    /* the seat's own move */
  PARLOR_PROMPT_CLAIM,   /* a window to claim (or pass on) another seat's discard */
} ParlorPromptKind;

#define PARLOR_N_PROMPT_KINDS 2

/* One computer-strength scale for every game, mapped to each game's levels. */
#define PARLOR_STRENGTH_MAX 3

/* Bit mask of seats that may see an event. */
#define PARLOR_AUDIENCE_ALL 0xffffffffu
#define PARLOR_AUDIENCE_SEAT(s) (1u << (s))

typedef struct
{
  char    *line;
  guint32  audience;
} ParlorEvent;

/* Events of @type are in the game's replays from replay version @since. */
typedef struct
{
  const char *type;
  guint       since;
} ParlorRecordedSince;

ParlorEvent *parlor_event_new   (guint32     audience,
                                 const char *line);
/* Like parlor_event_new(), keeping @line (allocated with g_malloc). */
ParlorEvent *parlor_event_new_take (guint32  audience,
                                    char    *line);
void         parlor_event_free  (ParlorEvent *event);

#define PARLOR_TYPE_GAME (parlor_game_get_type ())
G_DECLARE_INTERFACE (ParlorGame, parlor_game, PARLOR, GAME, GObject)

typedef struct _ParlorGameInfo ParlorGameInfo;

/*
 * What a decision cost, in the game's own measure (docs/review.md): each
 * figure for the move played and for the strongest computer player's move.
 */
#define PARLOR_REVIEW_MAX_FIGURES 4

typedef struct
{
  const char *key;       /* "value", "score", "shanten", "ukeire", "win-chance", "points" */
  double      played;
  double      best;
} ParlorReviewFigure;

typedef struct
{
  gboolean           worse;         /* the measure puts the move played below: list it */
  guint              n_figures;
  ParlorReviewFigure figures[PARLOR_REVIEW_MAX_FIGURES];
  char              *played_words;  /* optional: the moves in words (g_free) */
  char              *best_words;
  char              *explanation;   /* translated sentence (g_free) */
} ParlorReviewCost;

void parlor_review_cost_clear      (ParlorReviewCost *cost);
void parlor_review_cost_add_figure (ParlorReviewCost *cost,
                                    const char       *key,
                                    double            played,
                                    double            best);

struct _ParlorGameInterface
{
  GTypeInterface parent_iface;

  const ParlorGameInfo *(*get_info)      (ParlorGame  *self);
  guint                 (*get_n_seats)   (ParlorGame  *self);
  void                  (*start)         (ParlorGame  *self,
                                          GPtrArray   *events);
  guint32               (*get_waiting)   (ParlorGame  *self);
  gboolean              (*is_over)       (ParlorGame  *self);
  GPtrArray            *(*legal_actions) (ParlorGame  *self,
                                          guint        seat);
  gboolean              (*apply)         (ParlorGame  *self,
                                          guint        seat,
                                          const char  *action,
                                          GPtrArray   *events,
                                          GError     **error);
  char                 *(*view_for)      (ParlorGame  *self,
                                          int          seat);
  char                 *(*get_result)    (ParlorGame  *self);

  /* Optional. NULL: every prompt is a turn. */
  ParlorPromptKind      (*get_prompt_kind) (ParlorGame *self,
                                            guint       seat);
  /* Optional: what a seat plays when its time runs out. NULL: a random
   * legal action (claim games pass a claim and discard the drawn tile). */
  char                 *(*default_action) (ParlorGame *self,
                                           guint       seat,
                                           ParlorRng  *rng);
};

/*
 * Static description of a game, shared by the CLI, the server and the app.
 * ai_choose decides from a seat's view line only (never from the game).
 * describe turns an event or action line into plain translated words; a
 * seat whose name is "" is the reader ("You play…").
 */
struct _ParlorGameInfo
{
  const char         *id;
  const char         *name;          /* N_() marked, translate with _() */
  guint               min_seats;
  guint               max_seats;
  /* Optional: the game in one line (N_() marked), and its symbolic icon's
   * name, for the app's start page and the setup page. */
  const char         *summary;
  const char         *icon_name;
  const char * const *ai_levels;     /* NULL-terminated, weakest first */
  ParlorGame       *(*new_game)      (const char    *config,
                                      guint64        seed,
                                      GError       **error);
  char             *(*ai_choose)     (const char    *level,
                                      const char    *view,
                                      guint64        seed,
                                      GCancellable  *cancellable,
                                      GError       **error);
  char             *(*describe)      (const char    *line,
                                      const char * const *seat_names);
  /* The version of the game's replays (docs/replay-format.md); 0 is 1.
   * 2: the game's claim windows ask seats with nothing to claim, which its
   * version 1 skipped; the answers the table plays for them
   * (parlor_game_get_automatic_action) are recorded as actions, and a
   * reader of a version 1 replay plays them itself. */
  guint               replay_version;
  /* The first replay version that records those answers (jihai and
   * suzume: 2); a reader of an older one plays them itself. 0: every
   * version records them. */
  guint               answers_recorded_since;
  /* Optional: the event types that the game's older replays do not
   * record, each with the replay version that began to; a reader of an
   * older replay lets the engine's event go by. Ends with a NULL type. */
  const ParlorRecordedSince *recorded_since;
  /* Optional: checks one game's recorded event lines, in order, without the
   * engine (a mahjong hand's deals and draws against the wall its replay
   * records); on a disagreement, *@failed is the event's index and @error
   * says in words what differs. */
  gboolean          (*check_draws)   (const char * const *events,
                                      guint               n_events,
                                      guint              *failed,
                                      GError            **error);
  /* Optional (docs/review.md): what playing @played instead of @best (the
   * strongest level's choice) costs, judged from the seat's @view alone;
   * @seed fixes any sampling. */
  gboolean          (*review_cost)   (const char        *view,
                                      const char        *played,
                                      const char        *best,
                                      guint64            seed,
                                      GCancellable      *cancellable,
                                      ParlorReviewCost  *out,
                                      GError           **error);
  /* Optional: notes for a hint to the viewer of @view who is advised to
   * play @action, from that view line alone (a mahjong seat's waits with
   * the tiles of them still unseen, what they would score, or why the hand
   * cannot win yet), in translated words, one note a line; NULL for none. */
  char             *(*hint_notes)    (const char    *view,
                                      const char    *action);
  /* Optional: the viewer's @action in words ("Discard the Red dragon"),
   * from @view (which names what the action line only points at). NULL:
   * describe() reads the action as the viewer's own event. */
  char             *(*describe_move) (const char    *view,
                                      const char    *action);
  /* Optional: the name of a scoring element (a fan, a yaku, a scoring
   * line) in the player's language, from its id in the game's lines; NULL
   * for an id the game does not know. */
  const char       *(*score_label)   (const char    *id);
};

GQuark                parlor_game_error_quark   (void);
/* @action read as a line; a PARLOR_GAME_ERROR_SYNTAX in words if it cannot be. */
ParlorLine           *parlor_game_parse_action  (const char  *action,
                                                  GError     **error);
/* The same for @seat of a table of @n_seats; an error if there is no such seat. */
ParlorLine           *parlor_game_parse_seat_action (const char  *action,
                                                      guint        seat,
                                                      guint        n_seats,
                                                      GError     **error);
/* @asked; if it is FALSE, a PARLOR_GAME_ERROR_NOT_YOUR_TURN in words too:
 * for a computer player or a review given a view with nothing to decide. */
gboolean              parlor_game_check_asked   (gboolean     asked,
                                                  GError     **error);
/* The name @names (as the describe callbacks get them: NULL-terminated,
 * maybe shorter than the table, maybe NULL) gives @seat, or NULL. */
const char           *parlor_game_seat_name     (const char * const *names,
                                                  guint64             seat);
/* That name, or "Player N" (g_free). */
char                 *parlor_game_player_name   (const char * const *names,
                                                  guint64             seat);

const ParlorGameInfo *parlor_game_get_info      (ParlorGame  *self);
guint                 parlor_game_get_n_seats   (ParlorGame  *self);
void                  parlor_game_start         (ParlorGame  *self,
                                                 GPtrArray   *events);
guint32               parlor_game_get_waiting   (ParlorGame  *self);
gboolean              parlor_game_is_waiting_for (ParlorGame *self,
                                                 guint        seat);
gboolean              parlor_game_is_over       (ParlorGame  *self);
GPtrArray            *parlor_game_legal_actions (ParlorGame  *self,
                                                 guint        seat);
gboolean              parlor_game_apply         (ParlorGame  *self,
                                                 guint        seat,
                                                 const char  *action,
                                                 GPtrArray   *events,
                                                 GError     **error);
char                 *parlor_game_view_for      (ParlorGame  *self,
                                                 int          seat);
char                 *parlor_game_get_result    (ParlorGame  *self);
char                 *parlor_game_random_action (ParlorGame  *self,
                                                 guint        seat,
                                                 ParlorRng   *rng);
ParlorPromptKind      parlor_game_get_prompt_kind (ParlorGame *self,
                                                 guint        seat);
char                 *parlor_game_default_action (ParlorGame  *self,
                                                 guint        seat,
                                                 ParlorRng   *rng);
char                 *parlor_game_get_automatic_action (ParlorGame *self,
                                                 guint        seat);
gboolean              parlor_game_play_automatic (ParlorGame  *self,
                                                 GPtrArray   *events,
                                                 char       **action,
                                                 GError     **error);

const char           *parlor_game_info_level_for_strength (const ParlorGameInfo *info,
                                                           guint                 strength);

GPtrArray            *parlor_event_array_new    (void);
/* Adds the printf-formatted line as an event for @audience (NULL @events: dropped). */
void                  parlor_emit               (GPtrArray   *events,
                                                 guint32      audience,
                                                 const char  *format,
                                                 ...) G_GNUC_PRINTF (3, 4);
guint64               parlor_game_seed          (void);

G_END_DECLS
