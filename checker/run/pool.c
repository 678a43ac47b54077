// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "run/pool.h"

#include "run/bigstack.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

/* Files handed to a worker at once: fewer round trips, and still an even share. */
#define MAX_BATCH 32

struct worker {
	pid_t pid;			/* 0: not running */
	int to, from;			/* its requests, its replies */
	char **batch;			/* the files it was sent */
	size_t nbatch, done;		/* ... and how many it has answered */
	struct ss_wire in;		/* bytes it sent, not yet read */
};

struct ss_pool {
	struct worker *w;
	unsigned nworkers;
	ss_pool_lost *lost;
	ss_pool_answered *answered;
	void *answered_ctx;
	ss_pool_work *work;
	void *ctx;
	char **queue;			/* files not yet handed out: [head, n) */
	size_t head, n, cap;
	size_t running;			/* files handed out and not answered */
	double limit;			/* CPU seconds a file may take; 0: no limit */
	struct sigaction old_pipe;
};

/* ---- the worker's side ----------------------------------------------- */

/* All of n bytes through read() or write(), going on after signals. */
static bool transfer_full(int fd, char *p, size_t n, bool out)
{
	while (n) {
		ssize_t r = out ? write(fd, p, n) : read(fd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		p += r;
		n -= (size_t)r;
	}
	return true;
}

static bool read_full(int fd, void *buf, size_t n)
{
	return transfer_full(fd, buf, n, false);
}

static bool write_full(int fd, const void *buf, size_t n)
{
	return transfer_full(fd, (char *)buf, n, true);
}

static bool flush(int fd, struct ss_wire *out)
{
	bool ok = write_full(fd, out->buf, out->len);

	out->len = 0;
	return ok;
}

struct worker_loop {
	struct ss_pool *p;
	int in, out;
};

struct ss_pool_turn {
	int fd;
	struct ss_wire *out;	/* the answers not yet sent */
	bool working;
	double limit;
};

/* SIGPROF, whose default action ends the worker, once the process has
   spent `seconds` more of CPU time; 0 disarms it. */
static void cpu_alarm(double seconds)
{
	struct itimerval t = { 0 };

	t.it_value.tv_sec = (time_t)seconds;
	t.it_value.tv_usec = (suseconds_t)((seconds - (double)t.it_value.tv_sec) * 1e6);
	if (seconds > 0 && !t.it_value.tv_sec && !t.it_value.tv_usec)
		t.it_value.tv_usec = 1;
	setitimer(ITIMER_PROF, &t, NULL);
}

void ss_pool_working(struct ss_pool_turn *t)
{
	if (!t->working && !flush(t->fd, t->out))
		_exit(2);
	if (!t->working && t->limit > 0)
		cpu_alarm(t->limit);
	t->working = true;
}

/* Answers batches until the run closes the pipe. */
static void serve(void *arg)
{
	struct worker_loop *l = arg;
	struct ss_wire req = { 0 }, out = { 0 }, body = { 0 };

	for (;;) {
		char head[1 + sizeof(uint32_t)];
		uint32_t n, len;

		if (!read_full(l->in, head, sizeof(head)))
			break;
		memcpy(&len, head + 1, sizeof(len));
		req.len = req.pos = 0;
		xgrow((void **)&req.buf, &req.cap, len ? len : 1, 1);
		if (!read_full(l->in, req.buf, len))
			break;
		req.len = len;
		if (!ss_wire_get_u32(&req, &n))
			break;
		for (uint32_t i = 0; i < n; i++) {
			struct ss_file_result r = { 0 };
			struct ss_pool_turn turn = { l->out, &out, false, l->p->limit };
			char *path;

			if (!ss_wire_get_str(&req, &path) || !path)
				_exit(2);
			l->p->work(l->p->ctx, path, &r, &turn);
			if (turn.working && turn.limit > 0)
				cpu_alarm(0);
			ss_wire_u32(&body, i);
			ss_wire_result(&body, &r);
			ss_wire_frame(&out, 'R', &body);
			ss_file_result_free(&r);
			free(path);
			if ((turn.working || out.len >= 65536) && !flush(l->out, &out))
				_exit(2);
		}
		ss_wire_frame(&out, 'E', &body);
		if (!flush(l->out, &out))
			break;
	}
	ss_wire_free(&req);
	ss_wire_free(&out);
	ss_wire_free(&body);
}

/*
 * The worker ends on the big stack's thread without returning from it:
 * libclang gives the thread an alternate signal stack of its own, which a
 * thread teardown under AddressSanitizer then fails to unmap.
 */
static void serve_then_exit(void *arg)
{
	serve(arg);
	_exit(0);
}

static void close_pipes(struct ss_pool *p)
{
	for (unsigned i = 0; i < p->nworkers; i++) {
		if (!p->w[i].pid)
			continue;
		close(p->w[i].to);
		close(p->w[i].from);
	}
}

/* ---- the run's side --------------------------------------------------- */

static bool start(struct ss_pool *p, struct worker *w)
{
	int req[2], rep[2];
	pid_t pid;

	if (pipe2(req, O_CLOEXEC) < 0)
		return false;
	if (pipe2(rep, O_CLOEXEC) < 0) {
		close(req[0]);
		close(req[1]);
		return false;
	}
	fflush(NULL);	/* nothing buffered is written twice */
	pid = fork();
	if (pid < 0) {
		close(req[0]);
		close(req[1]);
		close(rep[0]);
		close(rep[1]);
		return false;
	}
	if (pid == 0) {
		struct worker_loop l = { p, req[0], rep[1] };

		close(req[1]);
		close(rep[0]);
		close_pipes(p);	/* a sibling's end held open would hide its death */
		signal(SIGPIPE, SIG_DFL);
		/* libclang parses on the calling thread, the big stack; a
		   crash ends this process instead of being patched over. */
		setenv("LIBCLANG_NOTHREADS", "1", 1);
		setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
		ss_bigstack_run(serve_then_exit, &l);
		_exit(0);
	}
	close(req[0]);
	close(rep[1]);
	w->pid = pid;
	w->to = req[1];
	w->from = rep[0];
	return true;
}

struct ss_pool *ss_pool_new(unsigned workers, ss_pool_work *work, void *ctx)
{
	struct ss_pool *p = xcalloc(1, sizeof(*p));
	struct sigaction ign = { .sa_handler = SIG_IGN };

	p->nworkers = workers ? workers : 1;
	p->w = xcalloc(p->nworkers, sizeof(*p->w));
	p->work = work;
	p->ctx = ctx;
	/* A worker that dies closes its pipe: that is read as EOF, not a signal. */
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &p->old_pipe);
	return p;
}

/* The order files are handed out in does not matter: the report is sorted. */
static void enqueue(struct ss_pool *p, char *path)
{
	if (p->head > p->n / 2 && p->n == p->cap) {
		memmove(p->queue, p->queue + p->head, (p->n - p->head) * sizeof(*p->queue));
		p->n -= p->head;
		p->head = 0;
	}
	xgrow((void **)&p->queue, &p->cap, p->n + 1, sizeof(*p->queue));
	p->queue[p->n++] = path;
}

static char *dequeue(struct ss_pool *p)
{
	return p->queue[p->head++];
}

void ss_pool_time_limit(struct ss_pool *p, double seconds)
{
	p->limit = seconds;
}

void ss_pool_on_lost(struct ss_pool *p, ss_pool_lost *lost)
{
	p->lost = lost;
}

void ss_pool_on_answer(struct ss_pool *p, ss_pool_answered *fn, void *ctx)
{
	p->answered = fn;
	p->answered_ctx = ctx;
}

void ss_pool_submit(struct ss_pool *p, const char *path)
{
	enqueue(p, xstrdup(path));
}

static void finish_batch(struct worker *w)
{
	for (size_t i = 0; i < w->nbatch; i++)
		free(w->batch[i]);
	free(w->batch);
	w->batch = NULL;
	w->nbatch = w->done = 0;
}

/* A file the worker died on, as the other failures are reported. */
static void crashed(struct ss_pool *p, struct ss_file_result *all, const char *path,
		    int status)
{
	struct ss_file_result r = { 0 };

	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPROF && p->limit > 0)
		ss_msg_add(&r.msgs, SS_MSG_ERROR, path,
			   "analysing it took more than the limit of %g s of CPU time "
			   "(--time-limit), not analysed", p->limit);
	else if (WIFSIGNALED(status))
		ss_msg_add(&r.msgs, SS_MSG_ERROR, path,
			   "the checker crashed analysing it (%s; too deeply nested?), "
			   "not analysed", strsignal(WTERMSIG(status)));
	else
		ss_msg_add(&r.msgs, SS_MSG_ERROR, path,
			   "the checker stopped analysing it (exit status %d), not analysed",
			   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	r.stats.files = 1;
	r.stats.failed = 1;
	if (p->lost)
		p->lost(p->ctx, path, &r);
	ss_file_result_merge(all, &r);
	ss_file_result_free(&r);
}

/* The worker is gone: report the file it had begun, give the others back. */
static void died(struct ss_pool *p, struct worker *w, struct ss_file_result *all)
{
	size_t next = w->done;
	int status = 0;

	close(w->to);
	close(w->from);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->in.len = w->in.pos = 0;
	if (w->done < w->nbatch) {
		/* The first file it has not answered is the one it died on: it
		   sends every answer before it works on a file, and between
		   files only first looks run.  That one is not tried again,
		   the others are. */
		crashed(p, all, w->batch[next], status);
		p->running--;
		for (size_t i = next + 1; i < w->nbatch; i++) {
			enqueue(p, w->batch[i]);
			w->batch[i] = NULL;
			p->running--;
		}
	}
	finish_batch(w);
}

static void hand_out(struct ss_pool *p, struct worker *w, struct ss_file_result *all)
{
	unsigned idle = 0;
	size_t n;
	struct ss_wire body = { 0 }, out = { 0 };

	for (unsigned i = 0; i < p->nworkers; i++)
		idle += !p->w[i].nbatch;
	n = (p->n - p->head) / (idle ? idle : 1);
	n = n < 1 ? 1 : n > MAX_BATCH ? MAX_BATCH : n;
	if (n > p->n - p->head)
		n = p->n - p->head;
	if (!w->pid && !start(p, w)) {
		/* No process to be had: these files go unchecked, and say so. */
		for (size_t i = 0; i < n; i++) {
			struct ss_file_result r = { 0 };
			char *path = dequeue(p);

			ss_msg_add(&r.msgs, SS_MSG_ERROR, path,
				   "cannot start a process to analyse it: %s", strerror(errno));
			r.stats.files = r.stats.failed = 1;
			if (p->lost)
				p->lost(p->ctx, path, &r);
			ss_file_result_merge(all, &r);
			ss_file_result_free(&r);
			free(path);
		}
		return;
	}
	w->batch = xcalloc(n, sizeof(*w->batch));
	ss_wire_u32(&body, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		w->batch[i] = dequeue(p);
		ss_wire_str(&body, w->batch[i]);
	}
	w->nbatch = n;
	w->done = 0;
	p->running += n;
	ss_wire_frame(&out, 'F', &body);
	if (!write_full(w->to, out.buf, out.len))
		died(p, w, all);
	ss_wire_free(&out);
	ss_wire_free(&body);
}

/* Reads what the worker sent; false when it is gone. */
static bool take_in(struct ss_pool *p, struct worker *w, struct ss_file_result *all)
{
	struct ss_wire body;
	char type;
	ssize_t r;

	xgrow((void **)&w->in.buf, &w->in.cap, w->in.len + 65536, 1);
	r = read(w->from, w->in.buf + w->in.len, w->in.cap - w->in.len);
	if (r < 0 && errno == EINTR)
		return true;
	if (r <= 0)
		return false;
	w->in.len += (size_t)r;
	while (ss_wire_next_frame(&w->in, &type, &body)) {
		uint32_t i;

		if (type == 'E' && w->done == w->nbatch) {
			finish_batch(w);
		} else if (type == 'R' && ss_wire_get_u32(&body, &i) && i == w->done) {
			struct ss_file_result res = { 0 };
			bool ok = ss_wire_get_result(&body, &res);

			if (ok && p->answered)
				p->answered(p->answered_ctx, w->batch[w->done], &res);
			if (ok)
				ss_file_result_merge(all, &res);
			ss_file_result_free(&res);
			if (!ok)
				return false;
			w->done++;
			p->running--;
		} else {
			return false;	/* it no longer makes sense: treat it as dead */
		}
	}
	ss_wire_compact(&w->in);
	return true;
}

size_t ss_pool_wait(struct ss_pool *p, int timeout_ms, struct ss_file_result *all)
{
	struct pollfd *fds = xcalloc(p->nworkers, sizeof(*fds));
	unsigned nfds = 0;

	for (unsigned i = 0; i < p->nworkers && p->head < p->n; i++)
		if (!p->w[i].nbatch)
			hand_out(p, &p->w[i], all);
	for (unsigned i = 0; i < p->nworkers; i++)
		if (p->w[i].nbatch)
			fds[nfds++] = (struct pollfd){ .fd = p->w[i].from, .events = POLLIN };
	if (nfds && poll(fds, nfds, timeout_ms) > 0) {
		for (unsigned k = 0; k < nfds; k++) {
			struct worker *w = NULL;

			if (!fds[k].revents)
				continue;
			for (unsigned i = 0; i < p->nworkers; i++)
				if (p->w[i].pid && p->w[i].from == fds[k].fd)
					w = &p->w[i];
			if (w && !take_in(p, w, all)) {
				kill(w->pid, SIGKILL);
				died(p, w, all);
			}
		}
	}
	free(fds);
	return p->n - p->head + p->running;
}

void ss_pool_free(struct ss_pool *p)
{
	if (!p)
		return;
	for (unsigned i = 0; i < p->nworkers; i++) {
		struct worker *w = &p->w[i];

		if (w->pid) {
			close(w->to);
			close(w->from);
			while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
		finish_batch(w);
		ss_wire_free(&w->in);
	}
	while (p->head < p->n)
		free(dequeue(p));
	sigaction(SIGPIPE, &p->old_pipe, NULL);
	free(p->queue);
	free(p->w);
	free(p);
}
