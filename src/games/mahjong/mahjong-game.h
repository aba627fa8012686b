/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-hint.h"
#include "mahjong-review.h"
#include "mahjong-wall.h"
#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * What a mahjong game's rules give of their @State, named @st##_…: the seats;
 * the first deal; the seats waited on; what @seat may do now (none if it is
 * not waited on); an action line read and played, or why not in words; the
 * view line of @seat (-1 a spectator); the result line (NULL before the end);
 * the prompt's kind; and what a waiting seat plays when its time runs out
 * (NULL for a seat not waited on).
 */
#define MAHJONG_DECLARE_STATE(State, st)                                      \
  guint             st##_n_seats        (const State  *state);                \
  void              st##_start          (State        *state,                 \
                                         GPtrArray    *events);               \
  guint32           st##_waiting        (const State  *state);                \
  GPtrArray        *st##_legal_actions  (const State  *state,                 \
                                         guint         seat);                 \
  gboolean          st##_apply          (State        *state,                 \
                                         guint         seat,                  \
                                         const char   *action,                \
                                         GPtrArray    *events,                \
                                         GError      **error);                \
  char             *st##_view_line      (const State  *state,                 \
                                         int           seat);                 \
  char             *st##_result_line    (const State  *state);                \
  ParlorPromptKind  st##_prompt_kind    (const State  *state);                \
  char             *st##_default_action (const State  *state,                 \
                                         guint         seat);

/*
 * The ParlorGame object of a mahjong game, whose rules keep their state in a
 * @State with a `phase` and give what MAHJONG_DECLARE_STATE declares.
 * MAHJONG_DEFINE_GAME defines the instance (its `state`), the final type and
 * the whole interface: get_info (@info), is_over (@over_phase reached) and
 * the rest by the rules' functions.
 */
#define MAHJONG_DEFINE_GAME(TypeName, type_name, State, st, info, over_phase)                \
  struct _##TypeName                                                                         \
  {                                                                                          \
    GObject parent_instance;                                                                 \
    State   state;                                                                           \
  };                                                                                         \
                                                                                             \
  static void type_name##_iface_init (ParlorGameInterface *iface);                           \
                                                                                             \
  G_DEFINE_FINAL_TYPE_WITH_CODE (TypeName, type_name, G_TYPE_OBJECT,                         \
                                 G_IMPLEMENT_INTERFACE (PARLOR_TYPE_GAME,                    \
                                                        type_name##_iface_init))             \
                                                                                             \
  static void                                                                                \
  type_name##_class_init (TypeName##Class *klass)                                            \
  {                                                                                          \
  }                                                                                          \
                                                                                             \
  static void                                                                                \
  type_name##_init (TypeName *self)                                                          \
  {                                                                                          \
  }                                                                                          \
                                                                                             \
  static State *                                                                             \
  type_name##_state_of (ParlorGame *game)                                                    \
  {                                                                                          \
    return &G_TYPE_CHECK_INSTANCE_CAST (game, type_name##_get_type (), TypeName)->state;     \
  }                                                                                          \
                                                                                             \
  static const ParlorGameInfo *                                                              \
  type_name##_get_info (ParlorGame *game)                                                    \
  {                                                                                          \
    return &(info);                                                                          \
  }                                                                                          \
                                                                                             \
  static gboolean                                                                            \
  type_name##_is_over (ParlorGame *game)                                                     \
  {                                                                                          \
    return type_name##_state_of (game)->phase == (over_phase);                               \
  }                                                                                          \
                                                                                             \
  static guint                                                                               \
  type_name##_get_n_seats (ParlorGame *game)                                                 \
  {                                                                                          \
    return st##_n_seats (type_name##_state_of (game));                                       \
  }                                                                                          \
                                                                                             \
  static void                                                                                \
  type_name##_start (ParlorGame *game,                                                       \
                     GPtrArray  *events)                                                     \
  {                                                                                          \
    st##_start (type_name##_state_of (game), events);                                        \
  }                                                                                          \
                                                                                             \
  static guint32                                                                             \
  type_name##_get_waiting (ParlorGame *game)                                                 \
  {                                                                                          \
    return st##_waiting (type_name##_state_of (game));                                       \
  }                                                                                          \
                                                                                             \
  static GPtrArray *                                                                         \
  type_name##_legal_actions (ParlorGame *game,                                               \
                             guint       seat)                                               \
  {                                                                                          \
    return st##_legal_actions (type_name##_state_of (game), seat);                           \
  }                                                                                          \
                                                                                             \
  static gboolean                                                                            \
  type_name##_apply (ParlorGame  *game,                                                      \
                     guint        seat,                                                      \
                     const char  *action,                                                    \
                     GPtrArray   *events,                                                    \
                     GError     **error)                                                     \
  {                                                                                          \
    return st##_apply (type_name##_state_of (game), seat, action, events, error);            \
  }                                                                                          \
                                                                                             \
  static char *                                                                              \
  type_name##_view_for (ParlorGame *game,                                                    \
                        int         seat)                                                    \
  {                                                                                          \
    return st##_view_line (type_name##_state_of (game), seat);                               \
  }                                                                                          \
                                                                                             \
  static char *                                                                              \
  type_name##_get_result (ParlorGame *game)                                                  \
  {                                                                                          \
    return st##_result_line (type_name##_state_of (game));                                   \
  }                                                                                          \
                                                                                             \
  static ParlorPromptKind                                                                    \
  type_name##_get_prompt_kind (ParlorGame *game,                                             \
                               guint       seat)                                             \
  {                                                                                          \
    return st##_prompt_kind (type_name##_state_of (game));                                   \
  }                                                                                          \
                                                                                             \
  static char *                                                                              \
  type_name##_default_action (ParlorGame *game,                                              \
                              guint       seat,                                              \
                              ParlorRng  *rng)                                               \
  {                                                                                          \
    return st##_default_action (type_name##_state_of (game), seat);                          \
  }                                                                                          \
                                                                                             \
  static void                                                                                \
  type_name##_iface_init (ParlorGameInterface *iface)                                        \
  {                                                                                          \
    iface->get_info = type_name##_get_info;                                                  \
    iface->get_n_seats = type_name##_get_n_seats;                                            \
    iface->start = type_name##_start;                                                        \
    iface->get_waiting = type_name##_get_waiting;                                            \
    iface->is_over = type_name##_is_over;                                                    \
    iface->legal_actions = type_name##_legal_actions;                                        \
    iface->apply = type_name##_apply;                                                        \
    iface->view_for = type_name##_view_for;                                                  \
    iface->get_result = type_name##_get_result;                                              \
    iface->get_prompt_kind = type_name##_get_prompt_kind;                                    \
    iface->default_action = type_name##_default_action;                                      \
  }

/*
 * Declares a mahjong game's final type, its ParlorGameInfo @type_name##_info
 * and @type_name##_new, the game made from its config line (see its rules'
 * "Lines"), or NULL with @error if the line is not one.
 */
#define MAHJONG_DECLARE_GAME(TypeName, type_name, MODULE, OBJ_NAME)               \
  G_DECLARE_FINAL_TYPE (TypeName, type_name, MODULE, OBJ_NAME, GObject)           \
  extern const ParlorGameInfo type_name##_info;                                   \
  TypeName *type_name##_new (const char  *config,                                 \
                             guint64      seed,                                   \
                             GError     **error);

/*
 * Defines @prefix##_game_info, the ParlorGameInfo of the mahjong game whose
 * id is @prefix, called @name, for @min_seats to @max_seats. The kit gives
 * the review of a decision by @prefix##_ai_review, the hint's notes and
 * words by @prefix##_hint and the check of a replay's draws by
 * @prefix##_wall_rules. The game gives @prefix##_game_new,
 * @prefix##_ai_choose and, in its file, @prefix##_info_ai_levels,
 * _recorded_since, _describe and _score_label. The fields after @max_seats
 * (its replay_version…) are its own.
 */
#define MAHJONG_DEFINE_GAME_INFO(prefix, name_, min_seats_, max_seats_, ...)     \
  MAHJONG_DEFINE_REVIEW_COST (prefix##_info_review_cost, prefix##_ai_review)     \
  MAHJONG_DEFINE_HINT_NOTES (prefix##_info_hint_notes, prefix##_hint)            \
  MAHJONG_DEFINE_DESCRIBE_MOVE (prefix##_info_describe_move, prefix##_hint)      \
  MAHJONG_DEFINE_CHECK_DRAWS (prefix##_info_check_draws, prefix##_wall_rules)    \
                                                                                 \
  static ParlorGame *                                                            \
  prefix##_info_new_game (const char  *config,                                   \
                          guint64      seed,                                     \
                          GError     **error)                                    \
  {                                                                              \
    return (ParlorGame *) prefix##_game_new (config, seed, error);               \
  }                                                                              \
                                                                                 \
  const ParlorGameInfo prefix##_game_info = {                                    \
    .id = #prefix,                                                               \
    .name = name_,                                                               \
    .min_seats = min_seats_,                                                     \
    .max_seats = max_seats_,                                                     \
    .ai_levels = prefix##_info_ai_levels,                                        \
    .new_game = prefix##_info_new_game,                                          \
    .ai_choose = prefix##_ai_choose,                                             \
    .describe = prefix##_info_describe,                                          \
    .review_cost = prefix##_info_review_cost,                                    \
    .hint_notes = prefix##_info_hint_notes,                                      \
    .describe_move = prefix##_info_describe_move,                                \
    .check_draws = prefix##_info_check_draws,                                    \
    .recorded_since = prefix##_info_recorded_since,                              \
    .score_label = prefix##_info_score_label,                                    \
    __VA_ARGS__                                                                  \
  };

G_END_DECLS
