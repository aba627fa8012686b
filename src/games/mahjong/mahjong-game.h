/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mahjong-hint.h"
#include "mahjong-review.h"
#include "mahjong-wall.h"
#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * The ParlorGame object of a mahjong game, whose rules keep their state in a
 * @State with a `phase`. MAHJONG_DEFINE_GAME defines the instance (its
 * `state`), the final type and the whole interface: get_info (@info), is_over
 * (@over_phase reached) and the rest by the rules' own functions of the
 * state, @st##_n_seats, _start, _waiting, _legal_actions (none for a seat
 * not waited on), _apply, _view_line, _result_line (NULL before the end),
 * _prompt_kind and _default_action (NULL for a seat not waited on).
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
 * What a mahjong game's ParlorGameInfo takes from the kit: the review of a
 * decision by @review, the hint's notes and words by @hint and the check of
 * a replay's draws by @wall_rules. MAHJONG_DEFINE_GAME_KIT defines the
 * functions, MAHJONG_GAME_KIT names them in the info.
 */
#define MAHJONG_DEFINE_GAME_KIT(prefix, review, hint, wall_rules)  \
  MAHJONG_DEFINE_REVIEW_COST (prefix##_review_cost, review)        \
  MAHJONG_DEFINE_HINT_NOTES (prefix##_hint_notes, hint)            \
  MAHJONG_DEFINE_DESCRIBE_MOVE (prefix##_describe_move, hint)      \
  MAHJONG_DEFINE_CHECK_DRAWS (prefix##_check_draws, wall_rules)

#define MAHJONG_GAME_KIT(prefix)                \
  .review_cost = prefix##_review_cost,          \
  .hint_notes = prefix##_hint_notes,            \
  .describe_move = prefix##_describe_move,      \
  .check_draws = prefix##_check_draws

G_END_DECLS
