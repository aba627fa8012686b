/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-setup.h"

G_BEGIN_DECLS

/*
 * Manhattan's setup page, a ParlorSetup: the computer players' strength
 * ("strength", or "level": random|normal|strong) and the turn's
 * "time-limit" in seconds (0: none). Its Start button activates
 * manhattan.start.
 */
#define MANHATTAN_TYPE_SETUP (manhattan_setup_get_type ())
G_DECLARE_FINAL_TYPE (ManhattanSetup, manhattan_setup, MANHATTAN, SETUP, ParlorSetup)

const char *manhattan_setup_get_level      (ManhattanSetup *self);
guint       manhattan_setup_get_time_limit (ManhattanSetup *self);

G_END_DECLS
