/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * What LAN discovery sends (docs/protocol.md, "Finding tables"): pure
 * encoding and parsing, no sockets. Every datagram is a few lines of the
 * project's line format (parlor-line.h), each ended by '\n':
 *
 *   probe v=1 pad=000…0                         a guest asks; exactly
 *                                               PARLOR_DISCOVERY_PROBE_SIZE bytes
 *   tables v=1 kind=answer|announce|bye server=ID port=PORT
 *   table v=1 game=ID id=TABLE name=NAME host=HOST port=PORT taken=N seats=N started=0|1 proto=N
 *   …
 *
 * A record says what a guest needs to choose and join a table and nothing
 * else: never a seat token, a seed or a hand. The parser takes any bytes:
 * an oversized datagram or a malformed header is refused whole, a
 * malformed record is skipped, and at most PARLOR_DISCOVERY_MAX_RECORDS
 * records are read from one datagram.
 */

#define PARLOR_DISCOVERY_VERSION 1
/* Organisation-local scope (RFC 2365), sent with a TTL of 1. */
#define PARLOR_DISCOVERY_GROUP "239.255.74.12"
#define PARLOR_DISCOVERY_DEFAULT_PORT 7413
/* Every probe is padded to this size, and no answer is larger than the
 * probe it answers: discovery cannot amplify a spoofed probe. */
#define PARLOR_DISCOVERY_PROBE_SIZE 1024
/* Largest datagram sent or read (a larger one is dropped unread). */
#define PARLOR_DISCOVERY_MAX_DATAGRAM 1200
/* Longest record line, without its newline. */
#define PARLOR_DISCOVERY_MAX_RECORD 400
#define PARLOR_DISCOVERY_MAX_RECORDS 16
#define PARLOR_DISCOVERY_HOST_MAX 64

typedef enum
{
  PARLOR_DISCOVERY_INVALID,
  PARLOR_DISCOVERY_PROBE,
  PARLOR_DISCOVERY_ANSWER,    /* unicast to a probe's sender */
  PARLOR_DISCOVERY_ANNOUNCE,  /* to the group, unprompted */
  PARLOR_DISCOVERY_BYE,       /* to the group: the server's tables are gone */
} ParlorDiscoveryKind;

typedef struct
{
  char     *game;      /* game id */
  char     *table;     /* the table's id on its server */
  char     *name;      /* the table's name: its host player's */
  char     *host;      /* the host computer's name (may be empty) */
  guint16   port;      /* the server's TCP port */
  guint     taken;     /* seats players have taken */
  guint     seats;     /* seats in all */
  gboolean  started;
  guint     protocol;  /* the LAN protocol's version (PARLOR_PROTOCOL_VERSION) */
} ParlorTableRecord;

/* The datagram's header: who sent it. */
typedef struct
{
  ParlorDiscoveryKind kind;
  char               *server;  /* the sending server's random id (not a secret) */
  guint16             port;    /* its TCP port */
} ParlorDiscoveryHeader;

ParlorTableRecord *parlor_table_record_new   (void);
ParlorTableRecord *parlor_table_record_copy  (const ParlorTableRecord *record);
void               parlor_table_record_free  (ParlorTableRecord       *record);
gboolean           parlor_table_record_equal (const ParlorTableRecord *a,
                                              const ParlorTableRecord *b);
/* One record line (without newline), or NULL if @record is not valid. */
char              *parlor_table_record_to_line (const ParlorTableRecord *record);
/* The record of one line, or NULL if anything in it is wrong. */
ParlorTableRecord *parlor_table_record_parse (const char              *line);

/* @record's name as a list may show it: the name itself, or, when nothing
 * in it would show (spaces, combining marks, blank letters), its code
 * points ("U+3164 U+0301"), so no row looks empty. */
char              *parlor_table_record_dup_visible_name (const ParlorTableRecord *record);

/* A probe: exactly PARLOR_DISCOVERY_PROBE_SIZE bytes. */
GBytes            *parlor_discovery_probe_new (void);

/* Packs @records (ParlorTableRecord*, from index *@first on) into one
 * datagram of at most @max_size bytes; *@first is moved past those that
 * went in. Returns NULL if @max_size is too small for the header. */
GBytes            *parlor_discovery_encode   (ParlorDiscoveryKind      kind,
                                              const char              *server,
                                              guint16                  port,
                                              GPtrArray               *records,
                                              guint                   *first,
                                              gsize                    max_size);

/* Reads any bytes. @header (may be NULL) is cleared with
 * parlor_discovery_header_clear(); @records (may be NULL) gets a new array
 * of the valid records of an answer or announcement. */
ParlorDiscoveryKind parlor_discovery_parse   (const guint8            *data,
                                              gsize                    size,
                                              ParlorDiscoveryHeader   *header,
                                              GPtrArray              **records);
void               parlor_discovery_header_clear (ParlorDiscoveryHeader *header);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorTableRecord, parlor_table_record_free)

G_END_DECLS
