#!/bin/sh
# Makes fresh.png only.
echo fresh.png
