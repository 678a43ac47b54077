// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/dev/radio<N>/...: a dump of each card's configuration and
 * status, the raw transmit and receive rings, and a "reset" entry.
 * Everything is formatted into one shared buffer and handed to
 * proc_dostring.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

#define RADIO_MAX_CARDS		4
#define RADIO_STR_SIZE		0x2ff0
#define RADIO_RING_SIZE		0x100

struct radio_card {
	int		present;
	unsigned char	channel;
	unsigned char	power_level;
	unsigned short	tx_errors;
	unsigned short	rx_errors;
	unsigned char	tx_ring[RADIO_RING_SIZE];
	unsigned char	rx_ring[RADIO_RING_SIZE];
};

static struct radio_card radio_cards[RADIO_MAX_CARDS];
static char radio_info_buf[RADIO_STR_SIZE];
static char radio_reset_result[200];

extern int radio_reset_card(struct radio_card *card);

int radio_proc_init(void);

static int radio_card_of(ctl_table * ctl)
{
	int devnum = ctl->procname[5] - '0';

	if (devnum < 0 || devnum >= RADIO_MAX_CARDS || !radio_cards[devnum].present)
		return -1;
	return devnum;
}

static int radio_dump_ring(int pos, const unsigned char *ring)
{
	int i;

	for (i = 0; i < RADIO_RING_SIZE && pos < RADIO_STR_SIZE - 4; i++)
		pos += sprintf(radio_info_buf + pos, "%02x", ring[i]);
	pos += sprintf(radio_info_buf + pos, "\n");
	return pos;
}

static int radio_sysctl_info(ctl_table * ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
		      void __user *buffer, size_t * lenp)
{
	int retv, pos, devnum;
	struct radio_card *card;

	pos = sprintf(radio_info_buf, "Radio card information\n");
	devnum = radio_card_of(ctl);
	if (devnum < 0) {
		pos += sprintf(radio_info_buf + pos, "No card here\n");
		goto final;
	}
	card = &radio_cards[devnum];
	pos += sprintf(radio_info_buf + pos, "channel\t\t%u\n", card->channel);
	pos += sprintf(radio_info_buf + pos, "power level\t%u\n", card->power_level);
	pos += sprintf(radio_info_buf + pos, "tx errors\t%u\n", card->tx_errors);
	pos += sprintf(radio_info_buf + pos, "rx errors\t%u\n", card->rx_errors);

final:
	*lenp = pos;

	if (!write)
		retv = proc_dostring(ctl, write, filp, buffer, lenp);
	else
	{
		*lenp = 0;
		return -1;
	}
	return retv;
}

static int radio_sysctl_tx_ring(ctl_table * ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
			    void __user *buffer, size_t * lenp)
{
	int retv, pos, devnum;

	pos = 0;
	devnum = radio_card_of(ctl);
	if (devnum < 0)
		goto final;
	pos = radio_dump_ring(pos, radio_cards[devnum].tx_ring);

final:
	*lenp = pos;
	retv = proc_dostring(ctl, write, filp, buffer, lenp);
	return retv;
}

static int radio_sysctl_rx_ring(ctl_table * ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
			    void __user *buffer, size_t * lenp)
{
	int retv, pos, devnum;

	pos = 0;
	devnum = radio_card_of(ctl);
	if (devnum < 0)
		goto final;
	pos = radio_dump_ring(pos, radio_cards[devnum].rx_ring);

final:
	*lenp = pos;
	retv = proc_dostring(ctl, write, filp, buffer, lenp);
	return retv;
}

static int radio_sysctl_reset(ctl_table * ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
		       void __user *buffer, size_t * lenp)
{
	int pos = 0;
	int devnum = radio_card_of(ctl);

	if (devnum < 0)
		return -1;
	if (radio_reset_card(&radio_cards[devnum]))
		pos = sprintf(radio_reset_result, "failed\n");
	else
		pos = sprintf(radio_reset_result, "ok\n");

	*lenp = pos + 1;
	return proc_dostring(ctl, write, filp, buffer, lenp);
}

static ctl_table radio_card_table[] = {
	{ .ctl_name = 1, .procname = "radio0-info", .data = radio_info_buf,
	  .maxlen = RADIO_STR_SIZE, .mode = 0400,
	  .proc_handler = &radio_sysctl_info },
	{ .ctl_name = 2, .procname = "radio0-txring", .data = radio_info_buf,
	  .maxlen = RADIO_STR_SIZE, .mode = 0400,
	  .proc_handler = &radio_sysctl_tx_ring },
	{ .ctl_name = 3, .procname = "radio0-rxring", .data = radio_info_buf,
	  .maxlen = RADIO_STR_SIZE, .mode = 0400,
	  .proc_handler = &radio_sysctl_rx_ring },
	{ .ctl_name = 4, .procname = "radio0-reset", .data = radio_reset_result,
	  .maxlen = sizeof(radio_reset_result), .mode = 0400,
	  .proc_handler = &radio_sysctl_reset },
	{ .ctl_name = 0 }
};

static struct ctl_table_header *radio_sysctl_header;

int radio_proc_init(void)
{
	radio_sysctl_header = register_sysctl_table(radio_card_table, 0);
	return radio_sysctl_header ? 0 : -ENOMEM;
}
