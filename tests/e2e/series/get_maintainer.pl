#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-only
# A stand-in for a kernel tree's scripts/get_maintainer.pl, for the tests:
# the options run-check.sh uses, on the MAINTAINERS beside the tree's top.
#   --sections -f FILE   the entries matching FILE, most specific first
#   -f FILE...           "Name <mail> (role:ENTRY)" for every matching entry
use strict;
use warnings;

my ($sections, @files) = (0);
while (@ARGV) {
	my $a = shift @ARGV;
	if ($a eq '--sections') { $sections = 1; }
	elsif ($a eq '-f') { push @files, shift @ARGV; }
}
# An entry is a title line followed by field lines.
my (@entries, $cur, $title);
open(my $m, '<', 'MAINTAINERS') or die "MAINTAINERS: $!\n";
while (my $line = <$m>) {
	chomp $line;
	if ($line =~ /^([A-Z]):\t(.*)$/) {
		if (defined $title) {
			$cur = { name => $title };
			push @entries, $cur;
			undef $title;
		}
		push @{$cur->{$1}}, $2 if $cur;
	} else {
		$title = $line =~ /\S/ ? $line : undef;
	}
}
close($m);

# The length of the longest F: pattern of entry e matching file f, or -1.
sub depth {
	my ($e, $f) = @_;
	my $best = -1;
	for my $p (@{$e->{F} || []}) {
		my $hit = $p =~ m{/$} ? index($f, $p) == 0 : ($p eq '*' || $p eq '*/' || $f eq $p);
		$best = length($p) if $hit && length($p) > $best;
	}
	return $best;
}

my %seen;
for my $f (@files) {
	my @hits = sort { depth($b, $f) <=> depth($a, $f) } grep { depth($_, $f) >= 0 } @entries;
	# THE REST (F: *) only for a file no other entry claims.
	@hits = grep { depth($_, $f) > 2 } @hits if grep { depth($_, $f) > 2 } @hits;
	for my $e (@hits) {
		if ($sections) {
			print "$e->{name}\n";
			for my $k ('M', 'R', 'L', 'F') {
				print "$k:\t$_\n" for @{$e->{$k} || []};
			}
			print "\n";
			next;
		}
		for my $who (@{$e->{M} || []}) {
			print "$who (maintainer:$e->{name})\n" unless $seen{$who}++;
		}
		for my $who (@{$e->{R} || []}) {
			print "$who (reviewer:$e->{name})\n" unless $seen{$who}++;
		}
		for my $who (@{$e->{L} || []}) {
			print "$who (open list:$e->{name})\n" unless $seen{$who}++;
		}
	}
}
