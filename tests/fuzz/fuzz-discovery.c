/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-discovery"

#include "config.h"

#include <string.h>

#include "parlor-discovery-record.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* The discovery datagram parser takes any bytes: it never crashes, keeps
 * within its bounds, and every record it accepts prints and re-reads the
 * same and fits in an answer, and its name shows as something. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  ParlorDiscoveryHeader header;
  g_autoptr(GPtrArray) records = NULL;
  ParlorDiscoveryKind kind;

  kind = parlor_discovery_parse (data, size, &header, &records);
  if (kind == PARLOR_DISCOVERY_INVALID)
    {
      g_assert_null (records);
      g_assert_null (header.server);
      return 0;
    }
  g_assert_cmpuint (size, <=, PARLOR_DISCOVERY_MAX_DATAGRAM);
  if (kind == PARLOR_DISCOVERY_PROBE)
    {
      g_assert_cmpuint (size, ==, PARLOR_DISCOVERY_PROBE_SIZE);
      return 0;
    }

  g_assert_nonnull (header.server);
  g_assert_nonnull (records);
  g_assert_cmpuint (records->len, <=, PARLOR_DISCOVERY_MAX_RECORDS);
  for (guint i = 0; i < records->len; i++)
    {
      const ParlorTableRecord *record = g_ptr_array_index (records, i);
      g_autofree char *line = parlor_table_record_to_line (record);
      g_autoptr(ParlorTableRecord) again = NULL;

      g_assert_nonnull (line);
      g_assert_cmpuint (strlen (line), <=, PARLOR_DISCOVERY_MAX_RECORD);
      g_assert_cmpuint (record->taken, <=, record->seats);
      again = parlor_table_record_parse (line);
      g_assert_nonnull (again);
      g_assert_true (parlor_table_record_equal (record, again));
      /* Every name is shown as something, and as valid text. */
      {
        g_autofree char *shown = parlor_table_record_dup_visible_name (record);

        g_assert_true (shown[0] != '\0');
        g_assert_true (g_utf8_validate (shown, -1, NULL));
      }
    }

  /* What was read packs again within the probe's size. */
  {
    guint first = 0;
    g_autoptr(GBytes) answer = parlor_discovery_encode (PARLOR_DISCOVERY_ANSWER, header.server, header.port,
                                                        records, &first, PARLOR_DISCOVERY_PROBE_SIZE);

    g_assert_nonnull (answer);
    g_assert_cmpuint (g_bytes_get_size (answer), <=, PARLOR_DISCOVERY_PROBE_SIZE);
    g_assert_cmpint (parlor_discovery_parse (g_bytes_get_data (answer, NULL), g_bytes_get_size (answer),
                                             NULL, NULL), ==, PARLOR_DISCOVERY_ANSWER);
  }
  parlor_discovery_header_clear (&header);

  return 0;
}
