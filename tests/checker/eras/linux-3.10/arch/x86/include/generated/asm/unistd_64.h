#define __NR_read 0
